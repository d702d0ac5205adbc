// The docs server of `npm start` and `npm run dev` (scripts/pipeline/src/serve.ts) answers only under a loopback name
// or the host it was bound to, like the mock (the core's one Host rule): a web page that points a name of its
// own at 127.0.0.1 (DNS rebinding) cannot read the docs page or the dev loop's events, which carry the lint
// output of the contract being edited (hostile round three).

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLiveReload } from '@trading-analytics/pipeline/live-reload';
import { boundPort, closeServer, serveDocs } from '@trading-analytics/pipeline/serve';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let folder: string;
let server: http.Server;
const live = createLiveReload();

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'docs-server-'));
  const page = path.join(folder, 'index.html');
  await writeFile(page, '<!DOCTYPE html><html><body><p>DOCS-PAGE-BODY</p></body></html>');
  live.problem('openapi/paths/v1_leaderboard.yaml: the lint output of the contract being edited');
  server = await serveDocs(page, '127.0.0.1', 0, live);
});
afterAll(async () => {
  await closeServer(server);
  await rm(folder, { recursive: true, force: true });
});

/** One request with the Host given; resolves with the status and the first bytes of the body. */
function get(target: string, host: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: boundPort(server), path: target, headers: { host } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          // The event stream never ends: its first event is enough.
          if (text.includes('event: problem')) response.destroy();
        });
        response.on('close', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('the docs server', () => {
  it.each(['/', '/__dev/events'])(
    'refuses %s under a name of another site with 421, showing nothing',
    async (target) => {
      const answer = await get(target, `evil.example:${boundPort(server)}`);
      expect(answer.status).toBe(421);
      expect(answer.text).toMatch(/Host "evil\.example:\d+" is not a loopback name/);
      expect(answer.text).not.toContain('DOCS-PAGE-BODY');
      expect(answer.text).not.toContain('lint output');
    },
  );

  it('serves the page and the events under localhost and 127.0.0.1, any port', async () => {
    expect(await get('/', `localhost:${boundPort(server)}`)).toMatchObject({
      status: 200,
      text: expect.stringContaining('DOCS-PAGE-BODY'),
    });
    expect(await get('/', '127.0.0.1')).toMatchObject({ status: 200 });
    expect(await get('/__dev/events', `127.0.0.1:${boundPort(server)}`)).toMatchObject({
      status: 200,
      text: expect.stringContaining('lint output'),
    });
  });
});
