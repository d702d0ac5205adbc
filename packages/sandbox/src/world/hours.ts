// Trading hours of the markets that have them (the sandbox's schedule: UTC, no holidays): the US session on
// weekdays for stocks and indices, the week from Sunday evening to Friday evening for FX and commodities.
import { DAY, HOUR, MINUTE, WEEK, utcWeekStart } from '../time.js';
import type { Hours } from './markets.js';

/** A week's sessions as [start, end) offsets from Monday 00:00 UTC; none for a market open around the clock. */
function sessions(hours: Hours): readonly (readonly [number, number])[] {
  if (hours === 'us-session') return US_SESSIONS;
  if (hours === 'fx-week') return FX_WEEK;
  return [];
}

const US_SESSIONS = [0, 1, 2, 3, 4].map((day) => [day * DAY + 14 * HOUR + 30 * MINUTE, day * DAY + 21 * HOUR] as const);
const FX_WEEK = [[-2 * HOUR, 4 * DAY + 21 * HOUR] as const];

/** The sessions of last week, this week and next week around an instant, as absolute [start, end). */
function around(hours: Hours, seconds: number): [number, number][] {
  const monday = utcWeekStart(seconds);
  return [-1, 0, 1].flatMap((offset) => sessions(hours).map(([start, end]) => [monday + offset * WEEK + start, monday + offset * WEEK + end] as [number, number]));
}

/** The start of the next session after an instant and the end of the current or next one; null around the clock. */
export function nextSession(hours: Hours, seconds: number): { open: number; close: number } | null {
  const all = around(hours, seconds);
  const open = all.find(([start]) => start > seconds);
  const close = all.find(([, end]) => end > seconds);
  return open && close ? { open: open[0], close: close[1] } : null;
}

/** An instant moved into trading hours: itself when the market is open then, else the next session's open. */
export function withinHours(hours: Hours, seconds: number): number {
  if (hours === 'always') return seconds;
  const session = around(hours, seconds).find(([start, end]) => seconds >= start && seconds < end);
  return session ? seconds : (nextSession(hours, seconds) as { open: number }).open;
}
