// The parts of an OpenAPI 3.1 document the packages read, typed loosely: the bundle is read as data, and a
// field the code does not use stays `unknown` rather than being described here.

/** A JSON value as `JSON.parse` returns it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A reference object; OpenAPI 3.1 allows `summary` and `description` beside it, which win over the target's. */
interface Reference {
  $ref: string;
  summary?: string;
  description?: string;
}

/** A JSON Schema 2020-12 object as the contract writes it (OpenAPI's dialect). */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: Json[];
  const?: Json;
  default?: Json;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  description?: string;
  'x-not-documented'?: string;
  [keyword: string]: unknown;
}

interface Example {
  summary?: string;
  description?: string;
  value?: Json;
}

export interface MediaType {
  schema?: Schema;
  examples?: Record<string, Example | Reference>;
  example?: Json;
}

export interface Header {
  required?: boolean;
  schema?: Schema;
  description?: string;
}

export interface Response {
  description?: string;
  headers?: Record<string, Header | Reference>;
  content?: Record<string, MediaType>;
  'x-not-documented'?: string;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
  style?: string;
  explode?: boolean;
  deprecated?: boolean;
  description?: string;
  example?: Json;
  examples?: Record<string, Example | Reference>;
  'x-not-documented'?: string;
}

export interface RequestBody {
  required?: boolean;
  description?: string;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: (Parameter | Reference)[];
  requestBody?: RequestBody | Reference;
  responses?: Record<string, Response | Reference>;
  callbacks?: Record<string, unknown>;
  'x-not-documented'?: string;
  [extension: `x-${string}`]: unknown;
}

type PathItem = {
  parameters?: (Parameter | Reference)[];
} & { [method in HttpMethod]?: Operation };

/** The methods an OpenAPI path item may hold, in the order the packages list operations. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; [key: string]: unknown };
  paths?: Record<string, PathItem>;
  components?: {
    schemas?: Record<string, Schema>;
    parameters?: Record<string, Parameter>;
    responses?: Record<string, Response>;
    examples?: Record<string, Example>;
    headers?: Record<string, Header>;
    requestBodies?: Record<string, RequestBody>;
    [kind: string]: unknown;
  };
  [key: string]: unknown;
}
