import type { Kysely } from "kysely";
import type { Locale } from "~/lib/locale.ts";
import type { Message } from "~/lib/message.ts";
import { earliest, readServedTimes, servedState, windowsText } from "~/lib/served-times.ts";
import type { DB } from "~/server/db-schema.server.ts";
import { branchServedTimes, type NotServedNow } from "./branches.queries.server.ts";

/** What a section or dish served at some hours says on the page (ADR 0043). */
export interface ServedNote {
  now: boolean;
  /** "Until 11:30 am", "From 7:00 am". */
  text: Message;
  /** Its windows, "7:00 am – 11:30 am". */
  windows: string;
}

export interface ServedAtBranch {
  later: NotServedNow;
  sections: ReadonlyMap<string, ServedNote>;
  items: ReadonlyMap<string, ServedNote>;
  /** The next moment any of them starts or stops being served: the page is true until then. */
  changesAt: Date | null;
}

const notNow = (map: ReadonlyMap<string, ServedNote>) => [...map].filter(([, n]) => !n.now).map(([id]) => id);

/** Which of a branch's sections and dishes are served at `at`, in its time zone. */
export async function servedAtBranch(
  db: Kysely<DB>,
  branchId: string,
  at: Date,
  timeZone: string,
  locale: Locale,
): Promise<ServedAtBranch> {
  const rows = await branchServedTimes(db, branchId);
  let changesAt: Date | null = null;
  const notes = (list: { id: string; servedTimes: string }[]) => {
    const out = new Map<string, ServedNote>();
    for (const row of list) {
      const windows = readServedTimes(row.servedTimes);
      const state = servedState(windows, at, timeZone, locale);
      changesAt = earliest(changesAt, state.changesAt);
      if (state.text)
        out.set(row.id, { now: state.now, text: state.text, windows: windowsText(windows, locale) });
    }
    return out;
  };
  const sections = notes(rows.sections);
  const items = notes(rows.items);
  return { later: { sections: notNow(sections), items: notNow(items) }, sections, items, changesAt };
}
