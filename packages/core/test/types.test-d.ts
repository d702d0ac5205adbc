// Type tests of the core's public API, checked by the root `tsc -b` (never run).
import { expectTypeOf } from 'vitest';
// The request's parts and outcome are named by the package's modules, not its index: no other package names them.
import type { CheckedRequest, RequestParts } from '../src/check-request.js';
import {
  type Answer,
  type Contract,
  type ContractOperation,
  checkRequest,
  createContract,
  type OpenApiDocument,
  PROBLEMS,
  refusal,
  type Violation,
} from '../src/index.js';

declare const document: OpenApiDocument;
const contract = createContract(document);
expectTypeOf(contract).toEqualTypeOf<Contract>();
expectTypeOf(contract.operation('listPairs')).toEqualTypeOf<ContractOperation | undefined>();

const checked = checkRequest(contract, {
  method: 'GET',
  rawPath: '/v1/pairs',
  rawSearch: '',
  accept: undefined,
  prefer: undefined,
  contentType: undefined,
  body: { kind: 'none' },
});
expectTypeOf(checked).toEqualTypeOf<CheckedRequest>();
if (checked.outcome === 'refused') expectTypeOf(checked.violations).toEqualTypeOf<Violation[]>();
if (checked.outcome === 'missing') expectTypeOf(checked.operation).toEqualTypeOf<ContractOperation>();
// @ts-expect-error a body must say what was read: none, text, or refused
const unread: RequestParts['body'] = 'x';
expectTypeOf(unread).toEqualTypeOf<RequestParts['body']>();

expectTypeOf(refusal(undefined, [])).toEqualTypeOf<Answer>();
expectTypeOf(PROBLEMS.invalidRequest.type).toEqualTypeOf<'urn:trading-analytics-mock:invalid-request'>();
// @ts-expect-error the vocabulary is closed: a problem kind is one of PROBLEMS' keys
PROBLEMS.somethingElse;
