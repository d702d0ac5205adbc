// The repository's bundle (generated/openapi.json), which the core's tests run its functions over.
import { readFileSync } from 'node:fs';
import type { OpenApiDocument } from '../../src/index.js';

export const document = JSON.parse(
  readFileSync(new URL('../../../../generated/openapi.json', import.meta.url), 'utf8'),
) as OpenApiDocument;
