// What one try of a behaviour comes to: it held on what the requests showed, it broke (the values that
// disagree, each with the request that showed it), or the requests could not show it (a list too short, a
// declared status that is not a success), which is never a pass.
import type { BehaviourSeen } from '../reports/problem-words.js';

/** An answer a behaviour read: the request as a report shows it, and the body of the 2xx answer. */
export interface Answer {
  line: string;
  body: unknown;
}

/** A value a behaviour read, in the answer it came from. */
export interface Seen {
  answer: Answer;
  at: string;
  value: unknown;
}

export type Outcome =
  | { kind: 'pass' }
  | { kind: 'fail'; expected: string; requests: string[]; seen: BehaviourSeen[]; also?: string }
  | { kind: 'inconclusive'; why: string };

/** Thrown by a behaviour when its requests cannot show it; the try ends inconclusive, saying why. */
export class Unseen extends Error {}

export const pass: Outcome = { kind: 'pass' };

export const inconclusive = (why: string): Outcome => ({ kind: 'inconclusive', why });

/** A broken behaviour: what was expected, and the values that disagree, numbered by the requests they came from. */
export function broken(expected: string, seen: readonly Seen[], also?: string): Outcome {
  const requests: string[] = [];
  const numbered = seen.map(({ answer, at, value }) => {
    if (!requests.includes(answer.line)) requests.push(answer.line);
    return { request: requests.indexOf(answer.line), at, value };
  });
  return { kind: 'fail', expected, requests, seen: numbered, ...(also === undefined ? {} : { also }) };
}

/**
 * The outcome of several tries of one behaviour (sizes, sort keys, candidates): the first failure, with how
 * many others failed; else a pass when any try showed it; else inconclusive with the reasons.
 */
export function combined(outcomes: readonly Outcome[], noneShown: string): Outcome {
  const failures = outcomes.filter((outcome) => outcome.kind === 'fail');
  const [first] = failures;
  if (first) {
    if (failures.length === 1) return first;
    const more = `and ${failures.length - 1} more of its ${outcomes.length} tries`;
    return { ...first, also: first.also ? `${first.also}; ${more}` : more };
  }
  if (outcomes.some((outcome) => outcome.kind === 'pass')) return pass;
  const whys = [...new Set(outcomes.flatMap((outcome) => (outcome.kind === 'inconclusive' ? [outcome.why] : [])))];
  return inconclusive(whys.length > 0 ? `${noneShown}: ${whys.join('; ')}` : noneShown);
}
