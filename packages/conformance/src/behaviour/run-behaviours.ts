// The behaviours of a run: each one whose operations are all selected, within its budget of requests; the
// reads at once (through the run's limiter), then the join (a write, with --allow-writes). A behaviour that
// breaks is tried once more with fresh requests, since a live service's data may change between the
// requests of one try (a trade closing between two pages); a break seen once only is inconclusive. An
// answer that departs from the contract breaks it at once (nothing is retried to hide a failure).

import type { OperationFinding } from '../reports/problem-words.js';
import type { BehaviourResult, Observation } from '../reports/report-types.js';
import { AnswerDeparts, type BehaviourContext, createAsker, departureOutcome } from './ask-service.js';
import { BEHAVIOURS, type Behaviour } from './behaviour-catalogue.js';
import { readServiceData, SERVICE_DATA_REQUESTS, type ServiceData } from './service-data.js';
import { type Outcome, Unseen } from './verdicts.js';

export interface BehaviourRunOptions {
  /** Whether the behaviours are checked at all (`--no-behaviour`). */
  enabled: boolean;
  allowWrites: boolean;
  /** Why an operation is left out (--only, --skip); undefined when it is selected. */
  leftOut: (operationId: string) => string | undefined;
}

export interface BehaviourRun {
  results: BehaviourResult[];
  /** The failures, by operation: `behaviour` findings to add to the operation's problems. */
  findings: Map<string, OperationFinding[]>;
  /** Why each behaviour that could not be shown was not. */
  observations: Observation[];
}

/** The most requests the behaviours of one run send, when none breaks; each that breaks may send its own again. */
export const BEHAVIOUR_REQUESTS =
  SERVICE_DATA_REQUESTS + BEHAVIOURS.reduce((total, behaviour) => total + behaviour.requests, 0);

/** One try: its outcome and the requests it sent (the last one's line for an observation). */
async function tryOnce(
  behaviour: Behaviour,
  data: ServiceData,
  context: BehaviourContext,
): Promise<{ outcome: Outcome & { departed?: true }; sent: number; last?: string }> {
  const ask = createAsker(context, behaviour.requests);
  let outcome: Outcome & { departed?: true };
  try {
    outcome = await behaviour.check(ask, data, context);
  } catch (error) {
    if (error instanceof Unseen) outcome = { kind: 'inconclusive', why: error.message };
    else if (error instanceof AnswerDeparts) outcome = { ...departureOutcome(error, context.redact), departed: true };
    else throw error;
  }
  return { outcome, sent: ask.sent, ...(ask.last === undefined ? {} : { last: ask.last }) };
}

function skipReason(behaviour: Behaviour, options: BehaviourRunOptions): string | undefined {
  if (!options.enabled) return 'not checked (--no-behaviour)';
  if (behaviour.write && !options.allowWrites) return 'a write (it joins a competition): runs only with --allow-writes';
  const out = behaviour.uses.find((operationId) => options.leftOut(operationId) !== undefined);
  return out === undefined ? undefined : `its requests use ${out}, ${options.leftOut(out)}`;
}

async function checkBehaviour(
  behaviour: Behaviour,
  data: ServiceData,
  context: BehaviourContext,
): Promise<{ result: BehaviourResult; finding?: OperationFinding; observation?: Observation }> {
  const { id, operationId, seed } = behaviour;
  const first = await tryOnce(behaviour, data, context);
  let { outcome } = first;
  let sent = first.sent;
  let last = first.last;
  if (outcome.kind === 'fail' && !outcome.departed) {
    const again = await tryOnce(behaviour, data, context);
    sent += again.sent;
    last = again.last ?? last;
    if (again.outcome.kind === 'fail') outcome = again.outcome;
    else {
      const seenOnce = first.outcome.kind === 'fail' ? first.outcome.expected : '';
      outcome = {
        kind: 'inconclusive',
        why: `broken on a first try (expected ${seenOnce}), not on a second with fresh requests: the data may have changed between them`,
      };
    }
  }
  const result: BehaviourResult = { behaviour: id, operationId, status: outcome.kind, seed, requests: sent };
  if (outcome.kind === 'inconclusive') {
    const observation = {
      operationId,
      point: `Behaviour ${id} could not be shown.`,
      request: last ?? '-',
      observed: outcome.why,
    };
    return { result: { ...result, reason: outcome.why }, observation };
  }
  if (outcome.kind === 'pass') return { result };
  const { expected, requests, seen, also } = outcome;
  const finding: OperationFinding = {
    check: 'behaviour',
    behaviour: id,
    seed,
    expected,
    requests,
    seen,
    ...(also === undefined ? {} : { also }),
  };
  return { result, finding };
}

/** Checks the behaviours; resolves with one result per behaviour, in the catalogue's order. */
export async function runBehaviours(context: BehaviourContext, options: BehaviourRunOptions): Promise<BehaviourRun> {
  const data = readServiceData(createAsker(context, SERVICE_DATA_REQUESTS));
  const run = (behaviour: Behaviour) => {
    const reason = skipReason(behaviour, options);
    if (reason === undefined) return checkBehaviour(behaviour, data, context);
    const { id, operationId, seed } = behaviour;
    return Promise.resolve({
      result: { behaviour: id, operationId, status: 'skipped' as const, seed, reason, requests: 0 },
    });
  };
  // The reads at once; the join after them, so that no read sees the list change under it.
  type Entry = Awaited<ReturnType<typeof run>>;
  const ordered: Entry[] = new Array(BEHAVIOURS.length);
  await Promise.all(
    BEHAVIOURS.map(async (behaviour, index) => {
      if (!behaviour.write) ordered[index] = await run(behaviour);
    }),
  );
  for (const [index, behaviour] of BEHAVIOURS.entries()) if (behaviour.write) ordered[index] = await run(behaviour);
  const findings = new Map<string, OperationFinding[]>();
  for (const entry of ordered) {
    if (!('finding' in entry) || entry.finding === undefined) continue;
    findings.set(entry.result.operationId, [...(findings.get(entry.result.operationId) ?? []), entry.finding]);
  }
  return {
    results: ordered.map((entry) => entry.result),
    findings,
    observations: ordered.flatMap((entry) => ('observation' in entry && entry.observation ? [entry.observation] : [])),
  };
}
