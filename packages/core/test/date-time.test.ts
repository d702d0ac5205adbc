// The `date-time` format of the one Ajv setup reads a date-time as the Prism mock does (the MSW parity test
// checks the same edges against a running mock): a leap second as written, zone offsets up to 24 hours.
import { describe, expect, it } from 'vitest';
import { ContractValidator, isDateTime } from '../src/index.js';
import { document } from './support/bundle.js';

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
    const validator = new ContractValidator(document);
    const schema = { type: 'string', format: 'date-time' };
    expect(accepted.filter((text) => validator.errors(schema, text).length > 0)).toEqual([]);
    expect(refused.filter((text) => validator.errors(schema, text).length === 0)).toEqual([]);
  });
});
