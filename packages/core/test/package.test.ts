// The package as published: the `npm pack` tarball holds the built modules and their declarations only,
// lints clean (publint, attw), and installed into an empty project checks a request in plain Node.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeBuildOnlyTarball, installBeforeAll } from '../../../test/support/packing.js';

const installed = installBeforeAll(fileURLToPath(new URL('..', import.meta.url)));

describeBuildOnlyTarball(installed, ['dist/index.js', 'dist/index.d.ts']);

describe('installed into an empty project', () => {
  it('refuses a hex page number as the mock does', async () => {
    const script = `
      import { checkRequest, createContract, refusal } from '@trading-analytics/core';
      const document = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/items': { get: {
        operationId: 'listItems', parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }],
        responses: { 200: { description: 'ok' } } } } } };
      const checked = checkRequest(createContract(document), { method: 'GET', rawPath: '/items', rawSearch: '?page=0x1',
        accept: undefined, prefer: undefined, contentType: undefined, body: { kind: 'none' } });
      const answer = refusal(checked.operation, checked.violations);
      console.log(JSON.stringify([checked.outcome, answer.status, JSON.parse(answer.body).detail]));`;
    expect(JSON.parse(await installed.runModule(script))).toEqual([
      'refused',
      400,
      'page must be a decimal integer (digits only: no hex, exponent or fraction), got "0x1"',
    ]);
  });
});
