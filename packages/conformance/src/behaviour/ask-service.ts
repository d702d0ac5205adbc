// How a behaviour asks the service: one operation's request made from what the service must be told (the
// required parameters, --params) and what the behaviour sets, sent through the run's limiter with the
// --header values and counted against the behaviour's budget of requests. Each answer is checked as the
// operation's own is (status, content type, body against the contract, with the same validators): a
// behaviour reads only an answer that conforms, and one that does not breaks it.
import type { ContractOperation, OpenApiDocument } from '@trading-analytics/core';
import { type AnswerValidators, checkAnswer } from '../operations/answer-checks.js';
import {
  headerParameters,
  type ParameterValues,
  parameterValues,
  requestLine,
  requestTarget,
} from '../operations/request-values.js';
import { type OperationFinding, operationProblem } from '../reports/problem-words.js';
import type { Redact } from '../reports/redact.js';
import type { Params } from '../setup/params-file.js';
import { jsonOf, type RequestSpec, type Sent } from '../transport/http-client.js';
import { type Answer, Unseen } from './verdicts.js';

/** What every behaviour of a run shares. */
export interface BehaviourContext {
  baseUrl: string;
  document: OpenApiDocument;
  operations: ReadonlyMap<string, ContractOperation>;
  validators: AnswerValidators;
  params: Params;
  /** The --header values, sent with every request. */
  headers: Record<string, string>;
  timeoutMs: number;
  /** Sends one request through the run's limiter, listed as the behaviours'. */
  send: (spec: RequestSpec) => Promise<Sent>;
  /** Whether an operation is selected (--only, --skip): a request for one that is not is never sent. */
  selected: (operationId: string) => boolean;
  redact: Redact;
}

/** Thrown when an answer does not conform to the contract: the behaviour breaks on it. */
export class AnswerDeparts extends Error {
  constructor(
    readonly finding: OperationFinding,
    readonly line: string,
  ) {
    super(`the answer to ${line} departs from the contract`);
  }
}

/** Parameter values a request sets over the base ones; `undefined` leaves the parameter out. */
export type Setting = Record<string, unknown>;

export interface Asker {
  /** Sends one request of the operation; resolves with its 2xx answer, else throws Unseen or AnswerDeparts. */
  ask(operationId: string, set?: Setting, body?: unknown): Promise<Answer>;
  /** The requests sent so far. */
  readonly sent: number;
  /** The last request sent, as a report shows it. */
  readonly last: string | undefined;
}

/** An asker allowed at most `budget` requests (a request past it throws Unseen: the behaviour is not shown). */
export function createAsker(context: BehaviourContext, budget: number): Asker {
  let sent = 0;
  let last: string | undefined;
  return {
    get sent() {
      return sent;
    },
    get last() {
      return last;
    },
    async ask(operationId, set = {}, body) {
      const entry = context.operations.get(operationId);
      if (!entry) throw new Unseen(`${operationId} is not an operation of the contract`);
      if (!context.selected(operationId)) throw new Unseen(`${operationId} is not selected (--only, --skip)`);
      const values: ParameterValues = parameterValues(context.document, entry, context.params, {
        optionalExamples: false,
      }).values;
      for (const [name, value] of Object.entries(set)) {
        if (value === undefined) delete values[name];
        else values[name] = value;
      }
      const target = requestTarget(entry, values);
      const line = requestLine(context.baseUrl, entry.method, target, body, context.redact);
      if (sent >= budget) throw new Unseen(`its budget of ${budget} requests was spent before ${line}`);
      sent += 1;
      last = line;
      const headers = { ...context.headers, ...headerParameters(entry, values) };
      const answer = await context.send({ method: entry.method, target, body, headers });
      if (answer.kind === 'timeout') throw new AnswerDeparts({ check: 'timeout', timeoutMs: context.timeoutMs }, line);
      if (answer.kind === 'network') throw new AnswerDeparts({ check: 'network', error: answer.error }, line);
      if (answer.kind === 'oversized') {
        const { status, maxBodyBytes } = answer;
        throw new AnswerDeparts({ check: 'body-size', status, maxBodyBytes }, line);
      }
      const [departure] = checkAnswer(context.document, context.validators, entry, answer).findings;
      if (departure) throw new AnswerDeparts(departure, line);
      if (answer.status < 200 || answer.status > 299) {
        throw new Unseen(`${line} was answered ${answer.status}, a status ${operationId} declares`);
      }
      return { line, body: jsonOf(answer.text) };
    },
  };
}

/** A departing answer as a behaviour's failure: the contract's check it failed, on the request that showed it. */
export function departureOutcome(error: AnswerDeparts, redact: Redact) {
  const problem = operationProblem(error.finding, redact);
  return {
    kind: 'fail' as const,
    expected: `an answer to each of its requests that conforms to the contract (${problem.check}: ${problem.expected})`,
    requests: [error.line],
    seen: [],
    also: `${problem.check}: ${problem.observed}`,
  };
}
