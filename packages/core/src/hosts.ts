// Which requests a server on the developer's machine answers, written once for the mock, the docs server and
// the dev loop's events. A web page of another site can make the browser send requests to 127.0.0.1 under
// a name of its own that it points at 127.0.0.1 (DNS rebinding): such a request carries that name in `Host`,
// which is neither a loopback name nor the address the server was bound to. An IP address in `Host` cannot
// be rebound, so a server bound to every address (0.0.0.0, ::) answers any.

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const IPV6 = /^[0-9a-f:.]*:[0-9a-f:.]*$/;
// A host name as `Host` (or an origin) may carry it: letters, digits, hyphens and dots (no user, no second value).
const NAME = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.?$/;
const WILDCARDS = new Set(['0.0.0.0', '::', '']);

function isIpv4(text: string): boolean {
  const match = IPV4.exec(text);
  return match?.slice(1).every((part) => Number(part) <= 255) === true;
}

/** A host name in lower case, an IPv6 address without its brackets. */
function unbracketed(hostname: string): string {
  const lower = hostname.toLowerCase();
  return lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
}

/**
 * Whether a host name (without port; an IPv6 address with or without brackets) names this machine's
 * loopback: `localhost` or a name under `.localhost` (which browsers and RFC 6761 keep on the machine),
 * an address of 127.0.0.0/8, or ::1 (also as ::ffff:127.x.x.x).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = unbracketed(hostname).replace(/\.$/, '');
  if (host === 'localhost' || (host.endsWith('.localhost') && NAME.test(host))) return true;
  const v4 = host.startsWith('::ffff:') ? host.slice('::ffff:'.length) : host;
  if (isIpv4(v4)) return v4.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}

/** The host name of a `Host` value (`name`, `name:port`, `[v6]:port`), lower case; undefined when it is not one. */
function hostnameOf(host: string): string | undefined {
  const lower = host.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(lower);
  if (bracketed) return IPV6.test(bracketed[1] as string) ? (bracketed[1] as string) : undefined;
  const plain = /^([^:[\]]+)(?::\d{1,5})?$/.exec(lower);
  const name = plain?.[1];
  return name !== undefined && (NAME.test(name) || isIpv4(name)) ? name : undefined;
}

/**
 * Whether a server bound to `boundHost` answers a request whose `Host` header is `host`: a loopback name
 * (any port), the bound host itself, or, when it is bound to every address (0.0.0.0 or ::), any IP address.
 * A missing or malformed `Host` is refused.
 */
export function isAllowedHost(host: string | undefined, boundHost: string): boolean {
  if (host === undefined) return false;
  const hostname = hostnameOf(host);
  if (hostname === undefined) return false;
  if (isLoopbackHost(hostname)) return true;
  const bound = unbracketed(boundHost);
  if (hostname.replace(/\.$/, '') === bound.replace(/\.$/, '')) return true;
  return WILDCARDS.has(bound) && (isIpv4(hostname) || IPV6.test(hostname));
}

/**
 * Whether a browser's `Origin` is a page served from this machine's loopback: http or https, any port,
 * written as a browser writes an origin (lower case, no path, no user).
 */
export function isLoopbackOrigin(origin: string): boolean {
  const match = /^https?:\/\/([^/?#@]+)$/.exec(origin);
  const hostname = match && origin === origin.toLowerCase() ? hostnameOf(match[1] as string) : undefined;
  return hostname !== undefined && isLoopbackHost(hostname);
}
