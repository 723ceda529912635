// The outbound policy: which URLs the portal may request and which addresses it may connect to.
// Requests leave the portal on behalf of anyone who can register a manifest, so every rule here is
// a defence against server-side request forgery (reaching the portal's own network through it).
//
// Rules (ALLOW_INSECURE_SOURCES is the only way around them, host by host):
// - https only; no credentials in the URL; at most MAX_URL_LENGTH characters.
// - Ports: 443, or any unprivileged port (1024-65535, e.g. 8443). Privileged ports other than 443
//   (22, 25, 110, ...) serve protocols that are not HTTP; refusing them stops protocol smuggling.
// - Addresses: only public unicast. IPv4 must be outside every special range (loopback, RFC1918,
//   link-local incl. cloud metadata 169.254.169.254, CGNAT 100.64/10, multicast, unspecified,
//   broadcast, reserved and documentation ranges). IPv6 must be in 2000::/3 global unicast and
//   outside every special range there (NAT64 64:ff9b::/96 lives outside it, as do ::/8 with the
//   IPv4-mapped and IPv4-compatible forms, ULA fc00::/7 incl. fd00:ec2::254, link-local, multicast);
//   6to4 and Teredo tunnels (which embed arbitrary IPv4 addresses) are refused altogether.
// The address rule is enforced where the socket connects (guardedConnector: the origin's URL rules
// again, then a DNS lookup that refuses private answers), for every connection of every hop, so a
// name that resolves to a public address when checked and a private one when used cannot slip through.
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { buildConnector } from 'undici';
import { env } from '@/lib/env';
import { FetchError } from './errors';

const MAX_URL_LENGTH = 8192;
const HTTPS_PORT = 443;
const FIRST_UNPRIVILEGED_PORT = 1024;

/** Why an address is not public, or null when the portal may connect to it. */
export function addressRefusal(address: string): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'not an IP address';
  }
  if (ip.kind() === 'ipv4') {
    const range = ip.range();
    return range === 'unicast' ? null : range;
  }
  const v6 = ip as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'ipv4Mapped') return `ipv4Mapped (${v6.toIPv4Address().toString()})`;
  if (range !== 'unicast') return range;
  // ipaddr.js calls everything it has no name for "unicast"; only 2000::/3 is global unicast.
  if (!v6.match(ipaddr.IPv6.parse('2000::'), 3)) return 'reserved (outside 2000::/3)';
  return null;
}

/** The effective port of an http(s) URL. */
function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'http:' ? 80 : HTTPS_PORT;
}

/** The hostname without IPv6 brackets, as sockets want it. */
function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Whether ALLOW_INSECURE_SOURCES names this URL's host: an entry `host` allows every port of the
 * host, `host:port` that port only. Such a host may be plain http and may be a private address.
 */
export function isInsecureAllowed(url: URL): boolean {
  const allowed = env().allowInsecureSources;
  if (!allowed.length) return false;
  const host = url.hostname.toLowerCase();
  const port = String(effectivePort(url));
  return allowed.some((entry) => {
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry);
    if (!m) return false;
    const entryHost = normaliseHost(m[1]);
    return entryHost === host && (m[2] === undefined || m[2] === port);
  });
}

function normaliseHost(host: string): string {
  // Run the entry through the same WHATWG parser as the URL so "::1" and "[::1]" or "127.1" compare equal.
  try {
    const bracketed = net.isIPv6(host) ? `[${host}]` : host;
    return new URL(`http://${bracketed}/`).hostname.toLowerCase();
  } catch {
    return host.toLowerCase();
  }
}

export interface Target {
  url: URL;
  /** The host is in ALLOW_INSECURE_SOURCES: http and private addresses are allowed. */
  insecureAllowed: boolean;
}

/**
 * Parses and checks a URL against every rule that can be decided before connecting. Literal IP
 * hosts are checked here (a socket to an IP address skips DNS, so the lookup guard never sees it).
 */
export function checkTarget(input: string | URL, base?: URL): Target {
  const raw = typeof input === 'string' ? input : input.href;
  if (raw.length > MAX_URL_LENGTH) {
    throw new FetchError('invalid_url', `URL longer than ${MAX_URL_LENGTH} characters.`, raw.slice(0, 200), {
      reason: 'url_too_long',
    });
  }
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchError('invalid_url', 'Not a valid absolute URL.', raw, { reason: 'malformed' });
  }
  if (url.href.length > MAX_URL_LENGTH) {
    throw new FetchError('invalid_url', `URL longer than ${MAX_URL_LENGTH} characters.`, raw.slice(0, 200), {
      reason: 'url_too_long',
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new FetchError('invalid_url', `Scheme ${url.protocol} is not allowed; use https.`, url.href, {
      reason: 'scheme',
    });
  }
  if (url.username || url.password) {
    throw new FetchError('invalid_url', 'Credentials in the URL are not allowed.', redact(url), {
      reason: 'credentials',
    });
  }
  if (!url.hostname) throw new FetchError('invalid_url', 'URL without a host.', url.href, { reason: 'malformed' });
  const insecureAllowed = isInsecureAllowed(url);
  if (insecureAllowed) return { url, insecureAllowed };
  if (url.protocol !== 'https:') {
    throw new FetchError('https_required', 'The source must be served over HTTPS.', url.href, { reason: 'scheme' });
  }
  const port = effectivePort(url);
  if (port !== HTTPS_PORT && port < FIRST_UNPRIVILEGED_PORT) {
    throw new FetchError('invalid_url', `Port ${port} is not allowed (443 or 1024-65535).`, url.href, {
      reason: 'port',
    });
  }
  const host = bareHostname(url);
  if (net.isIP(host)) {
    const why = addressRefusal(host);
    if (why) throw blockedAddress(url.href, host, why);
  } else if (host === 'localhost' || host.endsWith('.localhost') || host === 'localhost.') {
    // RFC 6761: these never leave the machine, whatever a resolver says.
    throw blockedAddress(url.href, host, 'loopback');
  }
  return { url, insecureAllowed };
}

export function blockedAddress(url: string, address: string, why: string): FetchError {
  return new FetchError(
    'invalid_url',
    `The address ${address} is not a public internet address (${why}); the portal does not connect to it.`,
    url,
    { reason: 'blocked_address' },
  );
}

function redact(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** Marks the refusal so the transport can tell it from an ordinary DNS failure. */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor(
    readonly address: string,
    readonly why: string,
  ) {
    super(`address ${address} refused: ${why}`);
    this.name = 'BlockedAddressError';
  }
}

/** dns.lookup in its `all: true` form; replaceable so tests can play a rebinding resolver. */
export type Resolver = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for net/tls sockets that resolves the name and refuses the connection when ANY answer
 * is not public (a mixed answer is how rebinding attacks hide a private address).
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver = dns.lookup) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { family: options.family, hints: options.hints, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '');
      if (!addresses.length) {
        const e: NodeJS.ErrnoException = new Error(`no address for ${hostname}`);
        e.code = 'ENOTFOUND';
        return callback(e, '');
      }
      if (!allowPrivate) {
        for (const a of addresses) {
          const why = addressRefusal(a.address);
          if (why) return callback(new BlockedAddressError(a.address, why) as NodeJS.ErrnoException, '');
        }
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * undici's `connect` option: every new connection, to whatever origin a request or a redirect
 * names, passes checkTarget on its origin (scheme, port, literal address, localhost) and then
 * connects through guardedLookup, so the socket only ever reaches a checked address. Hosts in
 * ALLOW_INSECURE_SOURCES connect without the address rule.
 */
export function guardedConnector(resolve: Resolver = dns.lookup): buildConnector.connector {
  const strict = buildConnector({ lookup: guardedLookup(false, resolve) });
  const open = buildConnector({ lookup: guardedLookup(true, resolve) });
  return (options, callback) => {
    let target: Target;
    try {
      const host = options.host ?? (net.isIPv6(options.hostname) ? `[${options.hostname}]` : options.hostname);
      target = checkTarget(`${options.protocol}//${host}${options.host || !options.port ? '' : `:${options.port}`}/`);
    } catch (err) {
      queueMicrotask(() => callback(err as Error, null));
      return;
    }
    (target.insecureAllowed ? open : strict)(options, callback);
  };
}
