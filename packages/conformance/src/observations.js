// Reads at the points the contract marks `x-not-documented` that a request can observe. What the service
// does there is recorded, never judged: it is what we learn, to feed back into the contract.
import { resolve } from './contract.js';
import { excerpt } from './checks.js';

const pageSizesToProbe = [100, 1000];
const unknownCompetitionId = 2147483647;
// An address no market or snapshot uses (the cast's "cannot be resolved" pair base).
const addressWithNoData = '0x000000000000000000000000000000000000dead';

function notDocumented(node) {
  return typeof node?.['x-not-documented'] === 'string' ? node['x-not-documented'] : undefined;
}

/**
 * The probes for one operation: `{point, variants: [{label, values?, body?}], summarize?}`. Each variant is
 * a change to the operation's example request. Only reads are probed.
 */
export function probesFor(document, entry) {
  const probes = [];
  const operationPoint = notDocumented(entry.operation);
  const has = (name) => entry.parameters.some((parameter) => parameter.name === name);
  if (operationPoint && /unknown competition id/i.test(operationPoint) && has('id')) {
    probes.push({ point: operationPoint, variants: [{ label: `id=${unknownCompetitionId}, an id no competition has`, values: { id: unknownCompetitionId } }] });
  }
  if (operationPoint && /empty pairBases/i.test(operationPoint)) {
    probes.push({ point: operationPoint, variants: [{ label: 'pairBases: [] (empty)', body: { pairBases: [] } }] });
  }
  if (operationPoint && /accepts the chains parameter/i.test(operationPoint)) {
    probes.push({
      point: operationPoint,
      variants: [
        { label: 'without chains', values: {} },
        { label: 'chains=MONAD', extraQuery: { chains: 'MONAD' } },
        { label: 'chains=NOT_A_CHAIN', extraQuery: { chains: 'NOT_A_CHAIN' } },
      ],
    });
  }
  for (const [status, response] of Object.entries(entry.operation.responses ?? {})) {
    const point = notDocumented(resolve(document, response));
    if (status === '404' && point && has('pair_base')) {
      probes.push({ point: `${point} (404)`, variants: [{ label: `pair_base=${addressWithNoData}, a market with no snapshot`, values: { pair_base: addressWithNoData } }] });
    }
  }
  for (const parameter of entry.parameters) {
    const point = notDocumented(parameter);
    if (!point || parameter.in !== 'query') continue;
    if (/maximum/i.test(point)) {
      probes.push({
        point: `${point} (${parameter.name})`,
        stopAtFirstRefusal: true,
        variants: pageSizesToProbe.map((size) => ({ label: `${parameter.name}=${size}`, values: { [parameter.name]: size } })),
      });
    }
    if (/default/i.test(point)) {
      probes.push({ point: `${point} (${parameter.name})`, variants: [{ label: `without ${parameter.name}`, omit: [parameter.name], pageMetadata: true }] });
    }
  }
  return probes;
}

/** One line of what an answer showed, for the report. */
export function describeAnswer(answer, { pageMetadata = false } = {}) {
  if (answer.timedOut) return `no answer within the timeout (${answer.ms} ms)`;
  if (answer.error) return `network error: ${answer.error}`;
  const contentType = answer.headers.get('content-type') ?? 'no Content-Type';
  let detail = answer.text ? excerpt(answer.text) : 'empty body';
  try {
    const body = JSON.parse(answer.text);
    if (body && typeof body === 'object' && Array.isArray(body.content)) {
      detail = `${body.content.length} items; pageNumber ${body.pageNumber ?? 'absent'}, pageSize ${body.pageSize ?? 'absent'}, totalPages ${body.totalPages ?? 'absent'}, totalElements ${body.totalElements ?? 'absent'}`;
    } else if (pageMetadata) detail = excerpt(answer.text);
  } catch {
    // not JSON: the excerpt of the text stays
  }
  return `${answer.status} ${contentType}: ${detail}`;
}
