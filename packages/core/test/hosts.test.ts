// The one Host rule of the mock, the docs server and the dev loop's events, and which browser origins count as
// the developer's own: what each accepts and refuses. A page that rebinds its own name to 127.0.0.1 (DNS
// rebinding) sends that name in Host; a page of another site sends its own origin.
import { describe, expect, it } from 'vitest';
import { isAllowedHost, isLoopbackHost, isLoopbackOrigin } from '../src/index.js';

describe('loopback hosts', () => {
  it.each(['localhost', 'LOCALHOST', 'localhost.', 'app.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])(
    '%s is this machine',
    (hostname) => expect(isLoopbackHost(hostname)).toBe(true),
  );

  it.each([
    'evil.example',
    'localhost.evil.example',
    'notlocalhost',
    '128.0.0.1',
    '127.0.0.256',
    '10.0.0.1',
    '::2',
    '',
  ])('%s is not', (hostname) => expect(isLoopbackHost(hostname)).toBe(false));
});

describe('the Host a server answers', () => {
  it.each([
    ['127.0.0.1:4010', '127.0.0.1'],
    ['localhost:4010', '127.0.0.1'],
    ['LocalHost', '127.0.0.1'],
    ['[::1]:4010', '127.0.0.1'],
    ['127.0.0.1', '::1'],
    ['dev-box.lan:4010', 'dev-box.lan'],
    ['DEV-BOX.lan', 'dev-box.lan'],
    ['192.168.1.20:4010', '0.0.0.0'],
    ['[fe80::1]:4010', '::'],
    ['192.168.1.20:4010', '192.168.1.20'],
  ])('answers Host %s when bound to %s', (host, bound) => expect(isAllowedHost(host, bound)).toBe(true));

  it.each([
    ['evil.example', '127.0.0.1'],
    ['evil.example:4010', '127.0.0.1'],
    ['localhost.evil.example:4010', '127.0.0.1'],
    ['127.0.0.1.nip.io:4010', '127.0.0.1'],
    ['evil.example:4010', '0.0.0.0'],
    ['192.168.1.20:4010', '127.0.0.1'],
    ['dev-box.lan', '127.0.0.1'],
    ['', '127.0.0.1'],
    [undefined, '127.0.0.1'],
    ['127.0.0.1:4010, evil.example', '127.0.0.1'],
    ['user@127.0.0.1', '127.0.0.1'],
    ['[::1', '127.0.0.1'],
  ])('refuses Host %j when bound to %s', (host, bound) => expect(isAllowedHost(host, bound)).toBe(false));
});

describe("the developer's own origins", () => {
  it.each([
    'http://localhost:5173',
    'http://127.0.0.1:3000',
    'https://localhost',
    'http://[::1]:8080',
    'http://app.localhost:5173',
  ])('%s is a page on this machine', (origin) => expect(isLoopbackOrigin(origin)).toBe(true));

  it.each([
    'https://evil.example',
    'http://localhost.evil.example',
    'null',
    'file://',
    'ftp://localhost',
    'http://localhost:5173/path',
    'http://user@localhost:5173',
    '',
  ])('%s is not', (origin) => expect(isLoopbackOrigin(origin)).toBe(false));
});
