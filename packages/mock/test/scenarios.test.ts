// Every case the contract documents can be selected: each named example with `Prefer: example=<key>` and
// each status with `Prefer: code=<status>`, and what comes back is that case, valid against the contract.
// The answers to every case are the shared mock's, asked once per run by the global setup
// (test/support/prism-answers.ts); the MSW parity test holds the handlers to the same answers.
import { describe, expect, inject, it } from 'vitest';
import { ContractValidator, resolve } from '../../../test/support/contract';
import { recordedAnswer } from '../../../test/support/prism-answers';
import { listScenarios } from '../src/index.js';
import { traders } from './support/cast';
import { send, urlOf, validRequests } from './support/requests';

const contract = new ContractValidator();
const operations = listScenarios(contract.document);
const baseUrl = inject('mockUrl');
const answers = inject('prismAnswers');

function exampleValue(method: string, path: string, status: number, key: string): unknown {
  const response = resolve(
    contract.document,
    contract.document.paths[path][method.toLowerCase()].responses[String(status)],
  );
  return resolve(contract.document, response.content['application/json'].examples[key]).value;
}

describe('every example key is reachable', () => {
  for (const operation of operations) {
    for (const response of operation.responses) {
      for (const example of response.examples) {
        it(`${operation.operationId}: Prefer: example=${example.key}`, () => {
          const answer = recordedAnswer(answers, operation.operationId, example.key);
          expect(answer.prefer).toBe(
            response.status === operation.defaultStatus
              ? `example=${example.key}`
              : `code=${response.status}, example=${example.key}`,
          );
          expect(answer.answered).toBe(response.status);
          expect(answer.violations).toBeNull();
          const body = JSON.parse(answer.body);
          expect(body).toEqual(exampleValue(operation.method, operation.path, response.status, example.key));
          expect(
            contract.errorsAt(
              contract.responseSchemaPointer(operation.method, operation.path, response.status) ?? '(no schema)',
              body,
            ),
          ).toEqual([]);
        });
      }
    }
  }
});

describe('every documented status is reachable', () => {
  for (const operation of operations) {
    for (const response of operation.responses) {
      it(`${operation.operationId}: Prefer: code=${response.status}`, () => {
        const answer = recordedAnswer(answers, operation.operationId, String(response.status));
        expect(answer.prefer).toBe(`code=${response.status}`);
        expect(answer.answered).toBe(response.status);
        const text = answer.body;
        const pointer = contract.responseSchemaPointer(operation.method, operation.path, response.status);
        if (!response.hasBody || pointer === undefined) {
          expect(text).toBe('');
          return;
        }
        expect(contract.errorsAt(pointer, JSON.parse(text))).toEqual([]);
      });
    }
  }
});

describe('selecting a case', () => {
  it('also works with the __example and __code query parameters, for a link opened in a browser', async () => {
    const request = validRequests.getUnrealizedPnl;
    const empty = await fetch(urlOf(baseUrl, { ...request, query: { __example: 'emptyAccount' } }));
    expect(await empty.json()).toMatchObject({ userAddress: traders.dee, positionCount: 0 });
    const unavailable = await fetch(urlOf(baseUrl, { ...request, query: { __code: '503' } }));
    expect(unavailable.status).toBe(503);
  });

  it('refuses an example key the operation does not document with a 404 naming the key', async () => {
    const answer = await send(baseUrl, validRequests.getUnrealizedPnl, { prefer: 'example=noSuchCase' });
    expect(answer.status).toBe(404);
    expect((await answer.json()).detail).toContain('noSuchCase');
  });

  it('refuses a status the operation does not document with a 404 naming the status', async () => {
    const answer = await send(baseUrl, validRequests.getUnrealizedPnl, { prefer: 'code=418' });
    expect(answer.status).toBe(404);
    expect((await answer.json()).detail).toContain('418');
  });

  it('answers each case it was asked for, whatever was asked before on the same path', async () => {
    const request = validRequests.listPositions;
    for (const key of ['openAndClosedPositions', 'emptyPage', 'openAndClosedPositions']) {
      const answer = await send(baseUrl, request, { prefer: `example=${key}` });
      expect(await answer.json()).toEqual(exampleValue('GET', '/v1/user/{userAddress}/positions', 200, key));
    }
    expect(await (await send(baseUrl, request)).json()).toEqual(
      exampleValue('GET', '/v1/user/{userAddress}/positions', 200, 'openAndClosedPositions'),
    );
    expect((await send(baseUrl, { ...request, query: { page: 'first' } })).status).toBe(400);
  });

  it('answers the same case every time it is asked, byte for byte', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        send(baseUrl, validRequests.listPositions, { prefer: 'example=emptyPage' }).then((answer) => answer.text()),
      ),
    );
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]!)).toEqual(exampleValue('GET', '/v1/user/{userAddress}/positions', 200, 'emptyPage'));
  });
});
