// The control surface as data: `/__sandbox` and below, answered in the world X-Sandbox-World names. The mock
// and the MSW handlers hand requests here through the core, so both answer a control request with the same
// bytes. Input a control cannot use is a 4xx problem+json naming the field, and changes nothing.
import { problem } from '../answers/kit.js';
import { badField, SandboxInputError } from '../errors.js';
import { MAX_TRADES_LISTED } from '../limits.js';
import type { ControlRequest, SandboxAnswer } from '../types.js';
import type { Host } from './host.js';
import type { World } from './world.js';

const ok = (body: unknown, status = 200): SandboxAnswer => ({ status, body });

function notAllowed(path: string, allow: string, what: string): SandboxAnswer {
  const answer = problem(405, 'method-not-allowed', 'Method not allowed', `/__sandbox${path} answers ${what}.`);
  return { ...answer, headers: { allow } };
}

/** The body as a JSON object; 400 naming `body` for anything else. */
function objectBody(bodyText: string | undefined): Record<string, unknown> {
  if (bodyText === undefined || bodyText.trim() === '')
    throw badField('body', 'This control takes a JSON object as its body, and none was sent.');
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch (error) {
    throw badField('body', `The body is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badField('body', 'The body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** Refuses a key the control does not take, naming it. */
function onlyKeys(body: Record<string, unknown>, keys: readonly string[], prefix = ''): void {
  for (const key of Object.keys(body))
    if (!keys.includes(key))
      throw badField(`${prefix}${key}`, `${prefix}${key} is not a field of this control; it takes ${keys.join(', ')}.`);
}

function clock(world: World, method: string, bodyText: string | undefined): SandboxAnswer {
  if (method === 'GET' || method === 'HEAD') return ok(world.clockState());
  if (method !== 'POST') return notAllowed('/clock', 'GET, HEAD, POST', 'GET (the clock) and POST (move it)');
  const body = objectBody(bodyText);
  onlyKeys(body, ['advance', 'now']);
  if (body.advance !== undefined && body.now !== undefined)
    throw badField('advance', 'Send one of advance (a duration) and now (an instant), not both.');
  if (body.advance !== undefined) return ok(world.advance(body.advance as string));
  if (body.now !== undefined) return ok(world.setNow(body.now as string));
  throw badField('body', 'Send {"advance": "<ISO-8601 duration>"} or {"now": "<ISO-8601 instant>"}.');
}

function positions(world: World, method: string, bodyText: string | undefined): SandboxAnswer {
  if (method === 'GET' || method === 'HEAD') return ok(world.tradesMade(MAX_TRADES_LISTED));
  if (method !== 'POST')
    return notAllowed('/positions', 'GET, HEAD, POST', 'GET (the trades made in this world) and POST (open one)');
  return ok(world.openPosition(objectBody(bodyText)), 201);
}

function faults(world: World, method: string, bodyText: string | undefined): SandboxAnswer {
  if (method === 'GET' || method === 'HEAD') return ok(world.faults());
  if (method === 'POST') return ok(world.setFaults(objectBody(bodyText)));
  if (method === 'DELETE') return ok(world.clearFaults());
  return notAllowed('/faults', 'GET, HEAD, POST, DELETE', 'GET (the faults), POST (set them) and DELETE (clear them)');
}

const closePath = /^\/positions\/([^/]*)\/close$/;

function route(world: World, method: string, path: string, bodyText: string | undefined): SandboxAnswer {
  if (path === '' || path === '/') {
    if (method === 'GET' || method === 'HEAD') return ok(world.describe());
    if (method === 'DELETE') {
      world.reset();
      return ok(world.describe());
    }
    return notAllowed('', 'GET, HEAD, DELETE', "GET (the world's description) and DELETE (back to its start)");
  }
  if (path === '/clock') return clock(world, method, bodyText);
  if (path === '/positions') return positions(world, method, bodyText);
  if (path === '/faults') return faults(world, method, bodyText);
  const close = closePath.exec(path);
  if (close) {
    if (method !== 'POST') return notAllowed(path, 'POST', 'POST (close the position at now)');
    return ok(world.closePosition(decodeSegment(close[1] as string)));
  }
  throw new SandboxInputError(
    404,
    'unknown-control',
    'No such control',
    `/__sandbox${path} is not a control of the sandbox: there are /__sandbox, /__sandbox/clock, /__sandbox/positions, /__sandbox/positions/{positionHash}/close and /__sandbox/faults.`,
  );
}

/** A path segment percent-decoded; one that does not decode is refused naming positionHash. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badField('positionHash', 'positionHash must be 0x and 64 hex digits.');
  }
}

/** Answers one control request; never throws. */
export function control(host: Host, request: ControlRequest): SandboxAnswer {
  try {
    const world = host.world(request.world);
    return route(world, String(request.method).toUpperCase(), request.path, request.bodyText);
  } catch (error) {
    if (error instanceof SandboxInputError)
      return problem(error.status, error.kind, error.title, error.message, error.field);
    return problem(
      500,
      'sandbox-error',
      'Sandbox error',
      `The sandbox could not answer: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
