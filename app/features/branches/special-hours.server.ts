import type { Kysely } from "kysely";
import type { DB } from "~/server/db-schema.server.ts";
import { cityPlace, fastTimes } from "~/server/prayer-times.server.ts";
import type { Services } from "~/server/services.server.ts";
import type { FormValues } from "~/lib/forms.ts";
import type { Locale } from "~/lib/locale.ts";
import { keyed, type Message } from "~/lib/message.ts";
import { clockText, DAY_NAMES, DAYS, openState, type OpeningHours } from "~/lib/opening-hours.ts";
import { fail, type Result } from "~/lib/result.ts";
import { earliest } from "~/lib/served-times.ts";
import {
  parseSchedule,
  rangesText,
  readRanges,
  SPECIAL_HOURS_MESSAGES as M,
  type SpecialRange,
} from "~/lib/special-hours.ts";
import { instantIn, localTimeIn } from "~/lib/zoned-time.ts";
import * as q from "./special-hours.queries.server.ts";
import { findBranch, lockedBranchHours } from "./branches.queries.server.ts";

/**
 * Ramadan and Eid hours (issue 32, ADR 0045): dated schedules a branch keeps instead of
 * its weekly hours, and on Ramadan days the time left to iftar or to the end of sehri,
 * worked out for the branch's city.
 */

const DAY_MS = 86_400_000;
const shiftDay = (date: string, by: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + by * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (date: string) => DAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** The owner's screen of a branch's schedules; null when the branch is not theirs. */
export async function ownSchedules(services: Services, ownerId: string, branchUrl: string, locale: Locale) {
  const { db } = services.database;
  const branch = await findBranch(db, ownerId, branchUrl);
  if (!branch) return null;
  const rows = await q.schedulesOf(db, branch.id);
  return {
    branch: { name: branch.branchName, url: branch.branchUrl, city: branch.cityLabel },
    schedules: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      validFrom: row.validFrom,
      validUntil: row.validUntil,
      hours: rangesText(readRanges(row.hours), locale),
    })),
  };
}

/** Adds a schedule to one of the owner's branches: its days may not overlap another's. */
export async function addSchedule(
  services: Services,
  ownerId: string,
  branchUrl: string,
  values: FormValues,
): Promise<Result<object>> {
  const { db } = services.database;
  const branch = await findBranch(db, ownerId, branchUrl);
  if (!branch) return fail(404, M.notFound);
  const parsed = parseSchedule(values);
  if (!parsed.ok)
    return fail(400, Object.values(parsed.fieldErrors)[0]!, { fieldErrors: parsed.fieldErrors });
  const { schedule } = parsed;
  const usesFast = schedule.ranges.some((r) => !/^\d/u.test(r.from) || !/^\d/u.test(r.to));
  if (usesFast && !cityPlace(branch.country, branch.cityLabel))
    return fail(400, M.needsCity, { fieldErrors: { r0From: M.needsCity } });
  return db.transaction().execute(async (trx) => {
    // Two schedules added at once must not both find no clash: the branch row's lock orders them.
    await lockedBranchHours(trx, branch.id);
    const clash = await q.schedulesBetween(trx, branch.id, schedule.validFrom, schedule.validUntil);
    if (clash.length > 0) return fail(400, M.overlap, { fieldErrors: { validFrom: M.overlap } });
    await q.insertSchedule(trx, {
      id: crypto.randomUUID(),
      branchId: branch.id,
      restaurantId: ownerId,
      kind: schedule.kind,
      validFrom: schedule.validFrom,
      validUntil: schedule.validUntil,
      hours: JSON.stringify(schedule.ranges),
      timestamp: new Date().toISOString(),
    });
    return { ok: true } as const;
  });
}

export async function deleteSchedule(
  services: Services,
  ownerId: string,
  branchUrl: string,
  scheduleId: string,
): Promise<Result<object>> {
  const { db } = services.database;
  const branch = await findBranch(db, ownerId, branchUrl);
  if (!branch) return fail(404, M.notFound);
  return (await q.deleteSchedule(db, branch.id, scheduleId)) ? { ok: true } : fail(404, M.notFound);
}

export interface BranchClock {
  /** Open now, or when it opens: from the schedule of the day where there is one. */
  open: { open: boolean; text: Message } | null;
  /** "Iftar in 42 min · 6:03 pm", "Sehri until 4:21 am": on a day of Ramadan hours. */
  fast: Message | null;
  /** Today is a day of Ramadan hours: iftar deals come first. */
  ramadan: boolean;
  /** What the page says about the clock is true until then. */
  changesAt: Date | null;
  /** The schedules of today and later, for JSON-LD. */
  schedules: {
    kind: string;
    validFrom: string;
    validUntil: string;
    ranges: SpecialRange[];
    opens: string[];
  }[];
}

/**
 * Whether the branch is open at `at` and when that changes, from its schedule of the
 * day where one covers it (Ramadan, Eid) and from its weekly hours otherwise; and on
 * Ramadan days, the time to iftar or the end of sehri in its city.
 */
export async function branchClock(
  db: Kysely<DB>,
  branch: { id: string; timeZone: string; country: string; cityLabel: string },
  hours: OpeningHours | null,
  at: Date,
  locale: Locale,
): Promise<BranchClock> {
  const tz = branch.timeZone;
  const today = localTimeIn(at, tz).slice(0, 10);
  const rows = (await q.schedulesOf(db, branch.id)).filter((r) => r.validUntil >= shiftDay(today, -1));
  const place = cityPlace(branch.country, branch.cityLabel);
  const scheduleOf = (date: string) => rows.find((r) => r.validFrom <= date && date <= r.validUntil);
  const midnight = (date: string) => instantIn(`${date}T00:00`, tz);
  const schedules = rows
    .filter((r) => r.validUntil >= today)
    .map((r) => {
      const ranges = readRanges(r.hours);
      const first = stretchesOf(ranges, r.validFrom, tz, place);
      return {
        kind: r.kind,
        validFrom: r.validFrom,
        validUntil: r.validUntil,
        ranges,
        opens: first.map(([s, e]) => `${localTimeIn(s, tz).slice(11)}-${localTimeIn(e, tz).slice(11)}`),
      };
    });
  const upcoming = rows.find((r) => r.validFrom > today);
  const nextSchedule = upcoming ? midnight(upcoming.validFrom) : null;
  const near = [-1, 0, 1].map((by) => shiftDay(today, by));
  if (!near.some((d) => scheduleOf(d))) {
    const state = hours ? openState(hours, at, tz, locale) : null;
    return {
      open: state && { open: state.open, text: state.text },
      fast: null,
      ramadan: false,
      changesAt: earliest(state?.changesAt, nextSchedule),
      schedules,
    };
  }
  // Yesterday's, today's and tomorrow's stretches, each day from its schedule or its weekly hours.
  const all = near.flatMap((date) => {
    const schedule = scheduleOf(date);
    const ranges: SpecialRange[] = schedule
      ? readRanges(schedule.hours)
      : (hours?.days[weekdayOf(date)] ?? []).map(([from, to]) => ({ from, to }));
    return stretchesOf(ranges, date, tz, place);
  });
  const clock = (when: Date) => clockText(localTimeIn(when, tz).slice(11), locale);
  const inside = all.find(([s, e]) => s <= at && at < e);
  let open: BranchClock["open"];
  let changesAt: Date | null = midnight(shiftDay(today, 2));
  if (inside) {
    open = { open: true, text: keyed("Open now · closes {{time}}", { time: clock(inside[1]) }) };
    changesAt = inside[1];
  } else {
    const next = all
      .map(([s]) => s)
      .filter((s) => s > at)
      .toSorted((a, b) => a.getTime() - b.getTime())[0];
    if (next) {
      const sameDay = localTimeIn(next, tz).slice(0, 10) === today;
      const day = DAY_NAMES[weekdayOf(localTimeIn(next, tz).slice(0, 10))];
      open = {
        open: false,
        text: keyed(sameDay ? "Closed · opens {{time}}" : `Closed · opens ${day} {{time}}`, {
          time: clock(next),
        }),
      };
      changesAt = next;
    } else open = { open: false, text: "Closed" };
  }
  const fast = fastNote(
    scheduleOf(today)?.kind === "ramadan",
    scheduleOf(shiftDay(today, 1))?.kind === "ramadan",
    place,
    today,
    at,
    clock,
  );
  return {
    open,
    fast: fast?.text ?? null,
    ramadan: scheduleOf(today)?.kind === "ramadan",
    changesAt: earliest(changesAt, fast?.changesAt, nextSchedule),
    schedules,
  };
}

/** The iftar countdown shows from this long before iftar, to the minute. */
const COUNTDOWN_MS = 90 * 60_000;

function fastNote(
  ramadanToday: boolean,
  ramadanTomorrow: boolean,
  place: [number, number] | null,
  today: string,
  at: Date,
  clock: (when: Date) => string,
): { text: Message; changesAt: Date } | null {
  if (!place || !ramadanToday) return null;
  const times = fastTimes(place, today)!;
  if (at < times.sehri)
    return { text: keyed("Sehri until {{time}}", { time: clock(times.sehri) }), changesAt: times.sehri };
  if (at < times.iftar) {
    const left = times.iftar.getTime() - at.getTime();
    if (left > COUNTDOWN_MS)
      return {
        text: keyed("Iftar at {{time}}", { time: clock(times.iftar) }),
        changesAt: new Date(times.iftar.getTime() - COUNTDOWN_MS),
      };
    // To the minute: the page is kept until the next one.
    return {
      text: keyed("Iftar in {{minutes}} min · {{time}}", {
        minutes: Math.ceil(left / 60_000),
        time: clock(times.iftar),
      }),
      changesAt: new Date(at.getTime() + 60_000 - (at.getTime() % 60_000)),
    };
  }
  if (!ramadanTomorrow) return null;
  const sehri = fastTimes(place, shiftDay(today, 1))!.sehri;
  return { text: keyed("Sehri until {{time}}", { time: clock(sehri) }), changesAt: sehri };
}

/** A day's ranges as instants: an end at or before its start runs into the next day. */
function stretchesOf(
  ranges: readonly SpecialRange[],
  date: string,
  tz: string,
  place: [number, number] | null,
): [Date, Date][] {
  const out: [Date, Date][] = [];
  for (const range of ranges) {
    const from = edgeOn(range.from, date, tz, place);
    let to = edgeOn(range.to, date, tz, place);
    if (!from || !to) continue;
    if (to <= from) to = edgeOn(range.to, shiftDay(date, 1), tz, place);
    if (to && to > from) out.push([from, to]);
  }
  return out;
}

function edgeOn(edge: string, date: string, tz: string, place: [number, number] | null): Date | null {
  if (edge === "iftar" || edge === "sehri") {
    if (!place) return null;
    const times = fastTimes(place, date);
    return times ? (edge === "iftar" ? times.iftar : times.sehri) : null;
  }
  return instantIn(`${date}T${edge}`, tz);
}
