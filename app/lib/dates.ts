// The one way dates are shown: day, short month and year in Pakistan's time zone
// (e.g. "5 Jan 2026"), the same on the server and in the browser, so hydration agrees.

const TIME_ZONE = "Asia/Karachi";
const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: TIME_ZONE,
});

type DateInput = string | number | Date | null | undefined;

function formatWith(format: Intl.DateTimeFormat, value: DateInput, fallback: string): string {
  if (value === null || value === undefined || value === "") return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : format.format(date);
}

/** "5 Jan 2026"; `fallback` for a missing or unreadable timestamp. */
export const formatDate = (value: DateInput, fallback = "") => formatWith(dateFormat, value, fallback);

/** "5 Jan 2026, 14:30" (Pakistan time); `fallback` for a missing or unreadable timestamp. */
export const formatDateTime = (value: DateInput, fallback = "") =>
  formatWith(dateTimeFormat, value, fallback);
