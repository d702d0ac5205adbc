// The `date-time` format of the one Ajv setup reads a date-time as the Prism mock does (the MSW parity test
// checks the same edges against a running mock): a leap second as written, zone offsets up to 24 hours.
import { describe, expect, it } from 'vitest';
import { isDateTime } from '../src/date-time.js';
import { ContractValidator } from '../src/index.js';
import { document, validatorOf } from './support/bundle.js';

const accepted = [
  '2026-11-14T00:00:00Z',
  '2026-11-14t00:00:00z',
  '2026-11-14 00:00:00Z',
  '2026-11-14T10:30:00.5+01:00',
  '2026-11-14T00:00:00+0530',
  '2026-11-14T00:00:00+05',
  '2026-11-14T00:00:00-00:00',
  '2026-11-14T00:00:00+23:59',
  '2026-11-14T00:00:00+24:00',
  '2026-11-14T00:00:00+2400',
  '2024-02-29T00:00:00Z',
  '2026-12-31T23:59:60Z',
  '2026-12-31T23:59:60+01:00',
];
const refused = [
  '2026-11-14T00:00:00',
  '2026-11-14T00:00:00+25:00',
  '2026-11-14T00:00:00+05:60',
  '2026-11-14T24:00:00Z',
  '2026-11-14T00:00:60Z',
  '2026-12-31T22:59:60-01:00',
  '2026-02-29T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-11-00T00:00:00Z',
  '2026-11-14',
  '2026-11-14T00:00Z',
  ' 2026-11-14T00:00:00Z',
  '2026-11-14TT00:00:00Z',
  'yesterday',
];

describe('isDateTime', () => {
  it('accepts what Prism accepts', () => {
    expect(accepted.filter((text) => !isDateTime(text))).toEqual([]);
  });

  it('refuses what Prism refuses', () => {
    expect(refused.filter((text) => isDateTime(text))).toEqual([]);
  });

  it('is the format ContractValidator checks date-time with', () => {
    const validator = validatorOf();
    const schema = { type: 'string', format: 'date-time' };
    expect(accepted.filter((text) => validator.errors(schema, text).length > 0)).toEqual([]);
    expect(refused.filter((text) => validator.errors(schema, text).length === 0)).toEqual([]);
  });
});

describe('date-times of a real service (dateTimes: rfc3339)', () => {
  const validator = validatorOf({ dateTimes: 'rfc3339' });
  const schema = { type: 'string', format: 'date-time' };
  const valid = (text: string) => validator.errors(schema, text).length === 0;

  // A leap second is 23:59:60 UTC, whatever zone it is written in: RFC 3339 reads 22:59:60-01:00 as one, and
  // 23:59:60+01:00 (22:59:60 UTC) as none, where Prism goes by the time as written.
  const leapSecondInAnotherZone = '2026-12-31T22:59:60-01:00';

  it('refuses what RFC 3339 refuses and Prism lets through: an offset past 23:59, a leap second off UTC', () => {
    const outsideRfc3339 = [
      '2026-11-14T00:00:00+24:00',
      '2026-11-14T00:00:00+2400',
      '2026-12-31T23:59:60+01:00',
      ...refused.filter((text) => text !== leapSecondInAnotherZone),
    ];
    expect(outsideRfc3339.filter(valid)).toEqual([]);
  });

  it('accepts RFC 3339 date-times, a leap second at 23:59:60 UTC included', () => {
    const rfc3339 = [
      '2026-11-14T00:00:00Z',
      '2026-11-14T10:30:00.5+01:00',
      '2026-11-14T00:00:00-00:00',
      '2026-11-14T00:00:00+23:59',
      '2026-12-31T23:59:60Z',
      leapSecondInAnotherZone,
    ];
    expect(rfc3339.filter((text) => !valid(text))).toEqual([]);
  });

  it('refuses a reading it does not know', () => {
    expect(() => new ContractValidator(document, { dateTimes: 'loose' as never })).toThrow(TypeError);
  });
});
