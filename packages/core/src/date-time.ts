// The `date-time` format as the Prism mock validates a request (its own check in place of ajv-formats'), so
// that the one Ajv setup refuses and lets through what the mock does. The two differ at the edges of RFC
// 3339: Prism takes a leap second as written (23:59:60 in the zone given, where ajv-formats wants it at
// 23:59:60 UTC) and a zone offset of up to 24 hours (`+24:00`, as ISO 8601 allows), which ajv-formats refuses.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// A time with its zone, which is required: `Z`, or an offset of hours (00 to 24) and optional minutes, with
// or without a colon.
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-4])(?::?[0-5]\d)?)$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (month < 1 || month > 12) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] as number);
  return day >= 1 && day <= days;
}

function isTime(text: string): boolean {
  const match = TIME.exec(text);
  if (!match) return false;
  const [hour, minute, second] = match.slice(1).map(Number) as [number, number, number];
  return (hour <= 23 && minute <= 59 && second <= 59) || (hour === 23 && minute === 59 && second === 60);
}

/**
 * Whether a text is a date-time as Prism reads one: a date and a time with its zone, separated by `T`, `t`
 * or a space, the date a real day of the Gregorian calendar.
 */
export function isDateTime(text: string): boolean {
  const parts = text.split(/[Tt\s]/);
  return parts.length === 2 && isDate(parts[0] as string) && isTime(parts[1] as string);
}
