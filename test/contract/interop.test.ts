// What third-party tools need from the contract: the most used validator accepts the bundle, generators find
// a concrete server URL (not a bare `{variable}`), and every `$ref` of the source is a valid URI reference.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type Json, loadBundle } from '../support/contract';

const sourceDir = fileURLToPath(new URL('../../openapi/', import.meta.url));

function yamlFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? yamlFiles(path) : entry.name.endsWith('.yaml') ? [path] : [];
  });
}

function refsOf(node: Json, found: string[] = []): string[] {
  if (node === null || typeof node !== 'object') return found;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') found.push(value);
    else refsOf(value, found);
  }
  return found;
}

// RFC 3986 URI-reference characters: unreserved, sub-delims, ":", "@", "/", "?", "#", and %-escapes.
const uriReference = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#]|%[0-9A-Fa-f]{2})*$/;

describe('third-party tools', () => {
  it('@apidevtools/swagger-parser validates the bundle', async () => {
    // validate() dereferences in place: hand it a copy.
    await expect(SwaggerParser.validate(loadBundle())).resolves.toBeDefined();
  });

  it('declares the local mock as a concrete server URL, and invents no production host', () => {
    const { servers } = loadBundle();
    expect(servers.map((server: Json) => server.url)).toEqual(['http://127.0.0.1:4010']);
    expect(servers[0].variables).toBeUndefined();
    expect(servers[0].description).toMatch(/local mock/i);
    expect(servers[0].description).toMatch(/production.*does not give/i);
  });

  it('every $ref of the source is an RFC 3986 URI reference that names an existing file', () => {
    const problems = yamlFiles(sourceDir).flatMap((file) =>
      refsOf(parse(readFileSync(file, 'utf8'))).flatMap((ref) => {
        const where = `${relative(sourceDir, file)}: ${ref}`;
        if (!uriReference.test(ref)) return [`${where} is not a URI reference`];
        const [target] = ref.split('#');
        if (!target) return [];
        try {
          readFileSync(join(file, '..', decodeURIComponent(target)));
          return [];
        } catch {
          return [`${where} names no file`];
        }
      }),
    );
    expect(problems).toEqual([]);
  });
});
