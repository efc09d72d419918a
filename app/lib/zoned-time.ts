/**
 * A wall-clock time in a time zone ("2026-11-27T11:30" in Asia/Karachi) as an instant,
 * and back: the owner's preview of a branch page 'as at' a moment (ADR 0043).
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/u;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** "YYYY-MM-DDTHH:MM" of `at` on the clocks of `timeZone` (what a datetime-local field shows). */
export function localTimeIn(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The instant the clocks of `timeZone` read `local`; null when it is no such time. */
export function instantIn(local: string, timeZone: string): Date | null {
  const match = LOCAL.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > 31 ||
    hour > 23 ||
    minute > 59 ||
    year < 2000 ||
    year > 2100
  )
    return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at a first guess, then at the answer (a daylight-saving change between them).
  let at = wall;
  for (let i = 0; i < 2; i++) {
    const shown = localTimeIn(new Date(at), timeZone);
    const [y, mo, d, h, mi] = LOCAL.exec(shown)!.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    at += wall - Date.UTC(y, mo - 1, d, h, mi);
  }
  const result = new Date(at);
  // 31 February, or an hour a clock skips: not a time anyone's clock showed.
  return localTimeIn(result, timeZone) === local ? result : null;
}
