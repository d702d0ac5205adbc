// The operations of the bundle as one model every package reads: each operation with its parameters
// (path-level ones merged in), its request body and its declared responses with their named examples,
// all with references followed.
import {
  HTTP_METHODS,
  type HttpMethod,
  type Json,
  type MediaType,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type RequestBody,
  type Response,
  type Schema,
} from './openapi.js';
import { escapePointer, inlineReferences, resolve } from './refs.js';

interface NamedExample {
  key: string;
  summary: string;
  value: Json | undefined;
}

interface DeclaredContent {
  mediaType: string;
  schema: Schema | undefined;
  examples: NamedExample[];
}

export interface DeclaredResponse {
  /** The status as the contract writes it: `200`, `4XX` or `default`. */
  status: string;
  response: Response;
  contents: DeclaredContent[];
}

export interface ContractOperation {
  operationId: string;
  method: HttpMethod;
  /** The path template, e.g. `/v1/leaderboard/{user_address}/trading-stats`. */
  path: string;
  /** The pointer to the operation in the bundle, e.g. `#/paths/~1v1~1pairs/get`. */
  pointer: string;
  operation: Operation;
  parameters: Parameter[];
  /** The request body with its references followed, or undefined when the operation takes none. */
  requestBody: RequestBody | undefined;
  responses: DeclaredResponse[];
}

const STATUS = /^[1-5][0-9][0-9]$/;

/** Whether a status key is a concrete status (`200`), not a range (`4XX`) or `default`. */
function isConcreteStatus(status: string): boolean {
  return STATUS.test(status);
}

function contents(document: OpenApiDocument, content: Record<string, MediaType> | undefined): DeclaredContent[] {
  return Object.entries(content ?? {}).map(([mediaType, media]) => ({
    mediaType,
    schema: media.schema,
    examples: Object.entries(media.examples ?? {}).map(([key, reference]) => {
      const example = resolve<{ summary?: string; value?: Json }>(document, reference);
      return { key, summary: example?.summary ?? '', value: example?.value };
    }),
  }));
}

/** Every operation of the document, in contract order (paths as written, methods in HTTP_METHODS order). */
export function listOperations(document: OpenApiDocument): ContractOperation[] {
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const inherited = (item.parameters ?? []).map((parameter) => resolve<Parameter>(document, parameter));
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const own = (operation.parameters ?? []).map((parameter) => resolve<Parameter>(document, parameter));
      const parameters = [
        ...inherited.filter(
          (parameter) => !own.some((mine) => mine?.name === parameter?.name && mine?.in === parameter?.in),
        ),
        ...own,
      ].filter((parameter): parameter is Parameter => parameter !== undefined);
      const requestBody = resolve<RequestBody>(document, operation.requestBody);
      operations.push({
        operationId: operation.operationId ?? `${method.toUpperCase()} ${path}`,
        method,
        path,
        pointer: `#/paths/${escapePointer(path)}/${method}`,
        operation,
        parameters,
        requestBody,
        responses: Object.entries(operation.responses ?? {}).flatMap(([status, reference]) => {
          const response = resolve<Response>(document, reference);
          return response ? [{ status, response, contents: contents(document, response.content) }] : [];
        }),
      });
    }
  }
  return operations;
}

/** The response an operation declares for a status: exact, then its range (`4XX`), then `default`. */
export function declaredResponse(operation: ContractOperation, status: number): DeclaredResponse | undefined {
  const text = String(status);
  for (const key of [text, `${text[0]}XX`, 'default']) {
    const found = operation.responses.find((response) => response.status.toUpperCase() === key.toUpperCase());
    if (found) return found;
  }
  return undefined;
}

/** The statuses an operation declares as concrete statuses, in contract order. */
export function concreteStatuses(operation: ContractOperation): string[] {
  return operation.responses.map((response) => response.status).filter(isConcreteStatus);
}

/** What a request gets when it selects nothing: the lowest declared 2xx, as Prism answers. */
export function defaultStatus(operation: ContractOperation): string | undefined {
  return concreteStatuses(operation)
    .filter((status) => status.startsWith('2'))
    .sort()[0];
}

/** The schema of the operation's JSON request body, with its references inlined for walking. */
export function inlinedBodySchema(document: OpenApiDocument, operation: ContractOperation): Schema | undefined {
  const content = operation.requestBody?.content ?? {};
  const jsonType = Object.keys(content).find((mediaType) => isJsonMediaType(mediaType.toLowerCase()));
  const schema = jsonType === undefined ? undefined : content[jsonType]?.schema;
  return schema === undefined ? undefined : (inlineReferences(document, schema) as Schema);
}

/** The media type of a Content-Type or Accept entry, without parameters, in lower case. */
export function mediaTypeOf(header: string | null | undefined): string {
  const [mediaType = ''] = String(header ?? '').split(';');
  return mediaType.trim().toLowerCase();
}

/** Whether a (lower-case) media type carries JSON: `application/json` or a `+json` suffix. */
export function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || /^application\/[^/]+\+json$/.test(mediaType);
}

interface Shape {
  operation: ContractOperation;
  /** The template's segments: the literal text, or null for a parameter. */
  segments: (string | null)[];
  literals: number;
}

export interface Route {
  /** The operation for the request's method and path, if the contract has one. */
  operation: ContractOperation | undefined;
  /** Every operation whose path has the request's shape, most literal first (any method). */
  candidates: ContractOperation[];
  /** The values of the path parameters, by name, when an operation was found. */
  pathParameters: Record<string, string>;
}

/**
 * A router over the operations: a request path (its decoded segments) is matched against each template by
 * shape (same number of segments, literal segments equal), the most literal template first.
 */
export function createRouter(
  operations: readonly ContractOperation[],
): (method: string, segments: readonly string[]) => Route {
  const shapes: Shape[] = operations.map((operation) => {
    const segments = operation.path.split('/').map((segment) => (/^\{.+\}$/.test(segment) ? null : segment));
    return { operation, segments, literals: segments.filter((segment) => segment !== null).length };
  });
  return (method, segments) => {
    const candidates = shapes
      .filter(
        (shape) =>
          shape.segments.length === segments.length &&
          shape.segments.every((literal, index) => literal === null || literal === segments[index]),
      )
      .sort((a, b) => b.literals - a.literals)
      .map((shape) => shape.operation);
    const operation = candidates.find((candidate) => candidate.method === method.toLowerCase());
    const pathParameters: Record<string, string> = {};
    if (operation) {
      operation.path.split('/').forEach((segment, index) => {
        const name = /^\{(.+)\}$/.exec(segment)?.[1];
        if (name !== undefined) pathParameters[name] = segments[index] ?? '';
      });
    }
    return { operation, candidates, pathParameters };
  };
}
