// Prism's answer to every case the contract documents, asked once per run: the global setup sends each
// operation's valid request (packages/mock/test/support/requests.ts) to the shared mock plainly, with
// `Prefer: code=<status>` for each documented status and with `Prefer: example=<key>` for each named example,
// and hands the answers to the files (`inject('prismAnswers')`). The mock's scenarios test holds each answer to
// the contract; the MSW parity test holds the handlers to the same answers. Neither asks Prism again.
import type { OpenApiDocument } from '@trading-analytics/core';
import { listScenarios } from '@trading-analytics/core';
import { send, validRequestFor } from '../../packages/mock/test/support/requests';

/** One documented case of an operation, and the `Prefer` header that picks it on the mock. */
interface DocumentedCase {
  operationId: string;
  /** The scenario key: a status (`'503'`), a named example, or undefined for the plain request. */
  key: string | undefined;
  /** The status the contract documents for the case; undefined for the plain request. */
  status: number | undefined;
  /** `code=<status>` for a status; `example=<key>`, with `code=<status>, ` first unless the status is the default. */
  prefer: string | undefined;
}

export interface RecordedAnswer extends DocumentedCase {
  answered: number;
  contentType: string | null;
  contentLength: string | null;
  violations: string | null;
  body: string;
}

/** Every documented case of every operation, the plain request first, in contract order. */
function documentedCases(document: OpenApiDocument): DocumentedCase[] {
  return listScenarios(document).flatMap((operation) => {
    const { operationId } = operation;
    const plain: DocumentedCase = { operationId, key: undefined, status: undefined, prefer: undefined };
    const statuses = operation.responses.map((response) => ({
      operationId,
      key: String(response.status),
      status: response.status,
      prefer: `code=${response.status}`,
    }));
    const examples = operation.responses.flatMap((response) =>
      response.examples.map(({ key }) => ({
        operationId,
        key,
        status: response.status,
        prefer:
          response.status === operation.defaultStatus ? `example=${key}` : `code=${response.status}, example=${key}`,
      })),
    );
    return [plain, ...statuses, ...examples];
  });
}

/** Asks the mock at `baseUrl` for every documented case, a few at a time. */
export async function recordPrismAnswers(baseUrl: string, document: OpenApiDocument): Promise<RecordedAnswer[]> {
  const cases = documentedCases(document);
  const answers: RecordedAnswer[] = [];
  for (let start = 0; start < cases.length; start += 8) {
    const batch = cases.slice(start, start + 8).map(async (documented) => {
      const request = validRequestFor(documented.operationId);
      if (!request) throw new Error(`The mock's test support has no valid request for ${documented.operationId}.`);
      const answer = await send(baseUrl, request, documented.prefer ? { prefer: documented.prefer } : {});
      return {
        ...documented,
        answered: answer.status,
        contentType: answer.headers.get('content-type'),
        contentLength: answer.headers.get('content-length'),
        violations: answer.headers.get('sl-violations'),
        body: await answer.text(),
      };
    });
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

/** The recorded answer to one case (`key` undefined: the plain request); throws when it was not recorded. */
export function recordedAnswer(answers: RecordedAnswer[], operationId: string, key?: string): RecordedAnswer {
  const found = answers.find((answer) => answer.operationId === operationId && answer.key === key);
  if (!found) throw new Error(`No answer of the mock was recorded for ${operationId} ${key ?? '(plain)'}.`);
  return found;
}
