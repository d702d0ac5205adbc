// Trading hours of the markets that have them (the sandbox's schedule: UTC, no holidays): the US session on
// weekdays for stocks and indices, the week from Sunday evening to Friday evening for FX and commodities.
// Every position of the world is moved into hours when it is drawn, so these run thousands of times while the
// world is built: they read flat tables with plain loops and allocate nothing.
import { DAY, HOUR, MINUTE, utcWeekStart, WEEK } from '../time.js';
import type { Hours } from './markets.js';

/** A week's sessions as start, end pairs of offsets from Monday 00:00 UTC, [start, end), in time order. */
const US_SESSIONS: readonly number[] = [0, 1, 2, 3, 4].flatMap((day) => [
  day * DAY + 14 * HOUR + 30 * MINUTE,
  day * DAY + 21 * HOUR,
]);
const FX_WEEK: readonly number[] = [-2 * HOUR, 4 * DAY + 21 * HOUR];
const AROUND_THE_CLOCK: readonly number[] = [];

function sessions(hours: Hours): readonly number[] {
  if (hours === 'us-session') return US_SESSIONS;
  if (hours === 'fx-week') return FX_WEEK;
  return AROUND_THE_CLOCK;
}

/** The start of the next session after an instant and the end of the current or next one; null around the clock. */
export function nextSession(hours: Hours, seconds: number): { open: number; close: number } | null {
  const table = sessions(hours);
  if (table.length === 0) return null;
  const monday = utcWeekStart(seconds);
  let open = Number.NaN;
  let close = Number.NaN;
  // Last week, this week and the next two: a session that began late on Sunday (FX) already holds the instant,
  // so the next open can lie two weeks ahead.
  for (let week = -1; week <= 2 && (Number.isNaN(open) || Number.isNaN(close)); week += 1) {
    const base = monday + week * WEEK;
    for (let at = 0; at < table.length; at += 2) {
      const start = base + (table[at] as number);
      const end = base + (table[at + 1] as number);
      if (Number.isNaN(open) && start > seconds) open = start;
      if (Number.isNaN(close) && end > seconds) close = end;
    }
  }
  return { open, close };
}

/** An instant moved into trading hours: itself when the market is open then, else the next session's open. */
export function withinHours(hours: Hours, seconds: number): number {
  if (hours === 'always') return seconds;
  const table = sessions(hours);
  const monday = utcWeekStart(seconds);
  for (let week = -1; week <= 1; week += 1) {
    const base = monday + week * WEEK;
    for (let at = 0; at < table.length; at += 2) {
      if (seconds >= base + (table[at] as number) && seconds < base + (table[at + 1] as number)) return seconds;
    }
  }
  return (nextSession(hours, seconds) as { open: number }).open;
}
