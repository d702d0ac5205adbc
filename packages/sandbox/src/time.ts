// Time as integer Unix seconds; ISO-8601 text in and out. Pure functions: the sandbox's only clock is the
// `now` it was handed.

export const MINUTE = 60;
export const HOUR = 3600;
export const DAY = 86_400;
export const WEEK = 7 * DAY;

const instantPattern = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function civilSeconds(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number | undefined {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 60) return undefined;
  // Date.UTC reads a year from 0 to 99 as 1900-1999; setUTCFullYear takes it as written.
  const check = new Date(Date.UTC(2000, month - 1, day, hour, minute, Math.min(second, 59)));
  check.setUTCFullYear(year, month - 1, day);
  const millis = check.getTime();
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  return Math.floor(millis / 1000);
}

/** An RFC 3339 date-time with its offset ("2026-11-21T12:00:00Z", "…+02:00") as Unix seconds; undefined otherwise. */
export function parseInstant(text: string): number | undefined {
  const match = instantPattern.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, , , sign, oh, om] = match;
  const local = civilSeconds(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s));
  if (local === undefined) return undefined;
  if (sign === undefined) return local;
  if (Number(oh) > 23 || Number(om) > 59) return undefined;
  const offset = (Number(oh) * 60 + Number(om)) * 60;
  return sign === '+' ? local - offset : local + offset;
}

/** A calendar date ("2026-11-21") as the Unix seconds of its UTC midnight; undefined otherwise. */
export function parseDate(text: string): number | undefined {
  const match = datePattern.exec(text);
  return match ? civilSeconds(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}

/** Unix seconds as "2026-11-21T12:00:00Z". */
export function isoSeconds(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`;
}

/** The UTC calendar date of an instant, "2026-11-21". */
export function utcDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

const utcDayStart = (seconds: number): number => Math.floor(seconds / DAY) * DAY;

/** Monday 00:00 UTC of the week holding the instant. */
export function utcWeekStart(seconds: number): number {
  const day = utcDayStart(seconds);
  const weekday = (Math.floor(day / DAY) + 3) % 7; // 1970-01-01 was a Thursday; 0 is Monday
  return day - weekday * DAY;
}

/** Where days begin in a named time zone (IANA), read through Intl, which every modern engine carries. */
export class TimeZone {
  private readonly format: Intl.DateTimeFormat;

  /** Throws a RangeError for a name the engine does not know. */
  constructor(readonly name: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** The instant at which the local day holding `seconds` began. */
  dayStart(seconds: number): number {
    const parts: Record<string, number> = {};
    for (const part of this.format.formatToParts(new Date(seconds * 1000))) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const sinceMidnight = ((parts.hour ?? 0) % 24) * HOUR + (parts.minute ?? 0) * MINUTE + (parts.second ?? 0);
    return seconds - sinceMidnight;
  }
}

const zones = new Map<string, TimeZone>();
const MAX_ZONES = 64;

/** A cached TimeZone; undefined for a name the engine does not know. */
export function timeZone(name: string): TimeZone | undefined {
  let zone = zones.get(name);
  if (zone) return zone;
  try {
    zone = new TimeZone(name);
  } catch {
    return undefined;
  }
  if (zones.size >= MAX_ZONES) zones.clear();
  zones.set(name, zone);
  return zone;
}
