import { sql } from "kysely";
import type { Database } from "../db.server.ts";
import { keyed, messageAsText, type Message, type MessageValues } from "../../lib/message.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface VideoQuotaLimits {
  /** Uploads a customer may have in the tus store at once (unfinished, or finished and not yet in a review). */
  maxOpen: number;
  /** New uploads a customer may start in any hour. */
  maxPerHour: number;
  /** Bytes (declared lengths) a customer may start uploading in any 24 hours. */
  maxBytesPerDay: number;
  /** How long an upload is kept before it is swept away (VIDEO_UPLOAD_EXPIRY_HOURS). */
  expiryMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);
/** "Try again in …": the words of the catalog key, and the value that goes in them. */
const inWords = (ms: number): { words: string; values: MessageValues } => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 90)
    return { words: minutes === 1 ? "{{minutes}} minute" : "{{minutes}} minutes", values: { minutes } };
  return { words: "{{hours}} hours", values: { hours: Math.ceil(minutes / 60) } };
};

export const VIDEO_QUOTA_MESSAGES = {
  tooManyOpen: (max: number) =>
    keyed(
      "You already have {{max}} unfinished video uploads. Post a review with one, or wait until they expire, before starting another.",
      { max },
    ),
  tooManyPerHour: (max: number, wait: number) => {
    const { words, values } = inWords(wait);
    return keyed(
      `You started {{max}} video uploads in the last hour, the most allowed. Try again in ${words}.`,
      { max, ...values },
    );
  },
  tooManyBytes: (maxBytes: number, wait: number | null) => {
    if (wait === null)
      return keyed("The video is larger than the {{mb}} MB of video you may upload in a day.", {
        mb: MB(maxBytes),
      });
    const { words, values } = inWords(wait);
    return keyed(`You have uploaded as much video as allowed in a day ({{mb}} MB). Try again in ${words}.`, {
      mb: MB(maxBytes),
      ...values,
    });
  },
} as const;

/** A creation the quotas refuse: tus answers it with this status and words. */
export class QuotaRefusal {
  readonly status_code: number;
  readonly body: string;
  constructor(status: number, message: Message) {
    this.status_code = status;
    // tus sends its body as text; the video picker reads the message back (app/lib/message.ts).
    this.body = messageAsText(message);
  }
}

/**
 * The per-customer limits on video uploads, counted in the `video_upload` ledger
 * (one row per upload, kept a day): every app process reads and writes the same
 * rows, and one customer's creations are taken one at a time (an advisory lock on
 * PostgreSQL; SQLite runs one transaction at a time), so the limits hold exactly.
 * A refusal writes nothing.
 */
export function createVideoQuota(database: Database, limits: VideoQuotaLimits) {
  const { db } = database;
  const close = async (id: string) => {
    await db.updateTable("video_upload").set({ open: 0 }).where("id", "=", id).execute();
  };

  return {
    /**
     * Records upload `id` of `ownerId`, `bytes` long, or throws a QuotaRefusal.
     * `isStored` tells whether an open upload is still in the tus store: a DELETE
     * or tus's own sweep removes uploads without telling the ledger.
     */
    async reserve(ownerId: string, id: string, bytes: number, isStored: (id: string) => Promise<boolean>) {
      const now = Date.now();
      const openRows = await db
        .selectFrom("video_upload")
        .select("id")
        .where("ownerId", "=", ownerId)
        .where("open", "=", 1)
        .execute();
      const gone = new Set<string>();
      for (const row of openRows) if (!(await isStored(row.id))) gone.add(row.id);

      await db.transaction().execute(async (trx) => {
        if (database.dialect === "postgres")
          await sql`select pg_advisory_xact_lock(hashtext(${`video_upload:${ownerId}`}))`.execute(trx);
        const rows = await trx
          .selectFrom("video_upload")
          .select(["id", "bytes", "createdAt", "open"])
          .where("ownerId", "=", ownerId)
          .where((eb) => eb.or([eb("open", "=", 1), eb("createdAt", ">", iso(now - DAY_MS))]))
          .orderBy("createdAt")
          .execute();
        const expired = iso(now - limits.expiryMs);
        const open = rows.filter((r) => r.open === 1 && !gone.has(r.id) && r.createdAt > expired);
        if (open.length >= limits.maxOpen)
          throw new QuotaRefusal(429, VIDEO_QUOTA_MESSAGES.tooManyOpen(limits.maxOpen));

        const lastHour = rows.filter((r) => r.createdAt > iso(now - HOUR_MS));
        if (lastHour.length >= limits.maxPerHour) {
          const wait = Date.parse(lastHour[lastHour.length - limits.maxPerHour]!.createdAt) + HOUR_MS - now;
          throw new QuotaRefusal(429, VIDEO_QUOTA_MESSAGES.tooManyPerHour(limits.maxPerHour, wait));
        }

        const lastDay = rows.filter((r) => r.createdAt > iso(now - DAY_MS));
        let used = lastDay.reduce((sum, r) => sum + Number(r.bytes), 0);
        if (used + bytes > limits.maxBytesPerDay) {
          // When enough of the day's uploads have aged out of the window for this one to fit.
          let wait: number | null = null;
          if (bytes <= limits.maxBytesPerDay) {
            for (const r of lastDay) {
              used -= Number(r.bytes);
              if (used + bytes <= limits.maxBytesPerDay) {
                wait = Date.parse(r.createdAt) + DAY_MS - now;
                break;
              }
            }
          }
          throw new QuotaRefusal(413, VIDEO_QUOTA_MESSAGES.tooManyBytes(limits.maxBytesPerDay, wait));
        }

        if (gone.size > 0)
          await trx
            .updateTable("video_upload")
            .set({ open: 0 })
            .where("id", "in", [...gone])
            .execute();
        await trx
          .insertInto("video_upload")
          .values({ id, ownerId, bytes, createdAt: iso(now), open: 1 })
          .execute();
      });
    },

    /** The upload left the tus store (moved into a review). */
    close,

    /**
     * Uploads still open past their expiry (tus expires only unfinished ones, so a
     * finished upload no review took would stay for good) are handed to `remove`;
     * rows no limit looks at any more are deleted. Returns how many were removed.
     */
    async sweep(remove: (id: string) => Promise<boolean>): Promise<number> {
      const now = Date.now();
      const stale = await db
        .selectFrom("video_upload")
        .select("id")
        .where("open", "=", 1)
        .where("createdAt", "<", iso(now - limits.expiryMs))
        .execute();
      let removed = 0;
      for (const { id } of stale) {
        if (await remove(id)) removed++;
        await close(id);
      }
      await db
        .deleteFrom("video_upload")
        .where("open", "=", 0)
        .where("createdAt", "<", iso(now - Math.max(DAY_MS, limits.expiryMs)))
        .execute();
      return removed;
    },
  };
}

export type VideoQuota = ReturnType<typeof createVideoQuota>;
