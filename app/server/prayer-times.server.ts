import { CalculationMethod, Coordinates, Madhab, PrayerTimes } from "adhan";
import cityCoordinates from "~/data/city-coordinates.json";

/**
 * Sehri and iftar for a branch's city on a day (issue 32, ADR 0045), with `adhan`: the
 * University of Islamic Sciences, Karachi method (Fajr and Isha at 18°) and the Hanafi
 * Asr, as Pakistan's published timetables use. Sehri ends at Fajr; iftar is at Maghrib
 * (sunset). Tested against published timetables of Islamabad, Lahore and Karachi.
 */
const COORDINATES = cityCoordinates as unknown as Record<string, Record<string, [number, number]> | string>;

export interface FastTimes {
  /** When sehri ends (Fajr) that morning. */
  sehri: Date;
  /** Iftar (Maghrib) that evening. */
  iftar: Date;
}

/** The coordinates of a city of a country's file; null for a city (or country) without them. */
export function cityPlace(country: string, cityLabel: string): [number, number] | null {
  const cities = COORDINATES[country];
  if (!cities || typeof cities === "string") return null;
  return Object.hasOwn(cities, cityLabel) ? cities[cityLabel]! : null;
}

/** Sehri and iftar on `date` (YYYY-MM-DD) at `place`; null for a date that is no date. */
export function fastTimes(place: readonly [number, number], date: string): FastTimes | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(date);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const params = CalculationMethod.Karachi();
  params.madhab = Madhab.Hanafi;
  // adhan reads the day from the Date's own calendar fields: built from them, any server time zone agrees.
  const times = new PrayerTimes(new Coordinates(place[0], place[1]), new Date(year, month - 1, day), params);
  return { sehri: times.fajr, iftar: times.maghrib };
}
