// The SSRF suite: with ALLOW_INSECURE_SOURCES empty, no URL that points into the portal's own
// network gets a request out of safeFetch. A canary server on 127.0.0.1 proves it: every URL below
// that could reach it carries its port, and it must see no request at all.
import dns from 'node:dns';
import os from 'node:os';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resetEnvForTests } from '@/lib/env';
import { FetchError, safeFetch } from '@/lib/fetch';
import { addressRefusal, guardedConnector, guardedLookup, type Resolver } from '@/lib/fetch/policy';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';

let canary: ProviderServer;
let P: number;

beforeAll(async () => {
  delete process.env.ALLOW_INSECURE_SOURCES;
  resetEnvForTests();
  canary = await startProviderServer();
  canary.setBody('*', { secret: 'the canary answered' });
  P = canary.port;
});

afterAll(async () => {
  // The whole point of the suite: nothing reached the canary.
  expect(canary.log()).toEqual([]);
  await canary.close();
});

async function refusal(url: string): Promise<FetchError> {
  const err = await safeFetch(url, { timeoutMs: 3000 }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `${url} must be refused`).toBeInstanceOf(FetchError);
  return err as FetchError;
}

/** A host name (not a literal, not localhost) that this machine resolves to a non-public address. */
async function loopbackName(): Promise<string | undefined> {
  for (const c of [os.hostname(), 'ip6-localhost', 'ip6-loopback']) {
    const addrs = await dns.promises.lookup(c, { all: true }).catch(() => []);
    if (addrs.length && addrs.some((a) => addressRefusal(a.address) !== null)) return c;
  }
  return undefined;
}

// Each case: the URL (a function of the canary port) and the code it must be refused with.
const cases: Array<{ name: string; url: (port: number) => string; code: string; reason?: string }> = [
  { name: 'loopback literal', url: (p) => `https://127.0.0.1:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'short form 127.1', url: (p) => `https://127.1:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'decimal 2130706433', url: (p) => `https://2130706433:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'hex octet 0x7f.0.0.1', url: (p) => `https://0x7f.0.0.1:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'octal 0177.0.0.1', url: (p) => `https://0177.0.0.1:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'hex 0x7f000001', url: (p) => `https://0x7f000001:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'zero padded 127.000.000.001', url: (p) => `https://127.000.000.001:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'percent-encoded host', url: (p) => `https://%31%32%37.0.0.1:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'fullwidth digits host', url: (p) => `https://１２７.0.0.1:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'trailing dot 127.0.0.1.', url: (p) => `https://127.0.0.1.:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'IPv6 loopback [::1]', url: (p) => `https://[::1]:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'IPv4-mapped [::ffff:127.0.0.1]', url: (p) => `https://[::ffff:127.0.0.1]:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'IPv4-mapped hex [::ffff:7f00:1]', url: (p) => `https://[::ffff:7f00:1]:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'IPv4-compatible [::127.0.0.1]', url: (p) => `https://[::127.0.0.1]:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'NAT64 with loopback [64:ff9b::127.0.0.1]', url: (p) => `https://[64:ff9b::127.0.0.1]:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'NAT64 with private [64:ff9b::10.0.0.1]', url: () => 'https://[64:ff9b::10.0.0.1]/', code: 'invalid_url', reason: 'blocked_address' },
  { name: '6to4 embedding loopback', url: (p) => `https://[2002:7f00:1::1]:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'Teredo', url: () => 'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'unspecified [::]', url: (p) => `https://[::]:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'cloud metadata 169.254.169.254', url: () => 'https://169.254.169.254/latest/meta-data/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'AWS IPv6 metadata [fd00:ec2::254]', url: () => 'https://[fd00:ec2::254]/latest/meta-data/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'ULA [fd00::1]', url: () => 'https://[fd00::1]/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'IPv6 link-local [fe80::1]', url: () => 'https://[fe80::1]/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'IPv6 multicast [ff02::1]', url: () => 'https://[ff02::1]/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'IPv6 documentation [2001:db8::1]', url: () => 'https://[2001:db8::1]/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'CGNAT 100.64.0.1', url: () => 'https://100.64.0.1/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'unspecified 0.0.0.0', url: (p) => `https://0.0.0.0:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'bare 0', url: (p) => `https://0:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'RFC1918 10.0.0.1', url: () => 'https://10.0.0.1/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'RFC1918 172.16.0.1', url: () => 'https://172.16.0.1/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'RFC1918 192.168.1.1', url: () => 'https://192.168.1.1/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'link-local 169.254.1.1', url: () => 'https://169.254.1.1/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'multicast 224.0.0.1', url: () => 'https://224.0.0.1/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'broadcast 255.255.255.255', url: () => 'https://255.255.255.255/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'benchmarking 198.18.0.1', url: () => 'https://198.18.0.1/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'documentation 192.0.2.1', url: () => 'https://192.0.2.1/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'reserved 240.0.0.1', url: () => 'https://240.0.0.1/', code: 'invalid_url', reason: 'blocked_address' },
  { name: 'localhost', url: (p) => `https://localhost:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'localhost with trailing dot', url: (p) => `https://localhost.:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'subdomain of localhost', url: (p) => `https://api.localhost:${p}/`, code: 'invalid_url', reason: 'blocked_address' },
  { name: 'file: scheme', url: () => 'file:///etc/passwd', code: 'invalid_url', reason: 'scheme' },
  { name: 'gopher: scheme', url: (p) => `gopher://127.0.0.1:${p}/_GET%20/`, code: 'invalid_url', reason: 'scheme' },
  { name: 'data: scheme', url: () => 'data:application/json,{"type":"FeatureCollection"}', code: 'invalid_url', reason: 'scheme' },
  { name: 'ftp: scheme', url: (p) => `ftp://127.0.0.1:${p}/`, code: 'invalid_url', reason: 'scheme' },
  { name: 'javascript: scheme', url: () => 'javascript:alert(1)', code: 'invalid_url', reason: 'scheme' },
  { name: 'credentials in the URL', url: () => 'https://user:secret@example.com/manifest.json', code: 'invalid_url', reason: 'credentials' },
  { name: 'user name only in the URL', url: () => 'https://admin@example.com/', code: 'invalid_url', reason: 'credentials' },
  { name: 'plain http to a public-looking host', url: () => 'http://example.com/manifest.json', code: 'https_required' },
  { name: 'plain http to the canary', url: (p) => `http://127.0.0.1:${p}/`, code: 'https_required' },
  { name: 'privileged non-https port', url: () => 'https://example.com:22/', code: 'invalid_url', reason: 'port' },
  { name: 'not a URL', url: () => 'not a url', code: 'invalid_url', reason: 'malformed' },
  { name: 'relative URL', url: () => '/priklady/manifest-complete.json', code: 'invalid_url', reason: 'malformed' },
  { name: 'over-long URL', url: () => `https://example.com/${'a'.repeat(9000)}`, code: 'invalid_url', reason: 'url_too_long' },
];

describe('SSRF: refused without a request', () => {
  test('the suite has at least 30 URLs', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  for (const { name, url, code, reason } of cases) {
    test(name, async () => {
      const err = await refusal(url(P));
      expect(err.code).toBe(code);
      if (reason) expect(err.reason).toBe(reason);
      expect(canary.requests()).toBe(0);
    });
  }

  test('a name that resolves to a loopback address is refused at connect time', async () => {
    // /etc/hosts maps the machine's own name to a loopback address on ordinary Linux hosts; the
    // guard must refuse it from the resolved address alone (no literal rule matches the name).
    const name = await loopbackName();
    expect(name, 'a host name resolving to loopback').toBeDefined();
    const err = await refusal(`https://${name}:${P}/`);
    expect(err.code).toBe('invalid_url');
    expect(err.reason).toBe('blocked_address');
    expect(canary.requests()).toBe(0);
  });
});

describe('connect-time guard (DNS rebinding)', () => {
  // A resolver that answers a public address first and a private one afterwards, as a rebinding
  // name does; the guard checks the very answer the socket connects to, so the order cannot help.
  function resolverOf(...answers: string[][]): Resolver {
    let i = 0;
    return (_host, _opts, cb) => {
      const a = answers[Math.min(i++, answers.length - 1)];
      cb(null, a.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    };
  }
  const lookupOnce = (resolve: Resolver, all: boolean) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((done) =>
      guardedLookup(false, resolve)('rebind.example', { all }, (err, address) => done({ err, address })),
    );

  test('a private answer is refused even after a public one', async () => {
    const resolve = resolverOf(['93.184.215.14'], ['127.0.0.1']);
    expect((await lookupOnce(resolve, false)).err).toBeNull();
    const second = await lookupOnce(resolve, false);
    expect(second.err?.code).toBe('EBLOCKEDADDRESS');
  });

  test('a mixed answer (public + private) is refused as a whole', async () => {
    const r = await lookupOnce(resolverOf(['93.184.215.14', '10.0.0.5']), true);
    expect(r.err?.code).toBe('EBLOCKEDADDRESS');
  });

  test('an IPv4-mapped answer is refused', async () => {
    const r = await lookupOnce(resolverOf(['::ffff:169.254.169.254']), true);
    expect(r.err?.code).toBe('EBLOCKEDADDRESS');
  });

  test('public answers pass in both callback forms', async () => {
    const all = await lookupOnce(resolverOf(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']), true);
    expect(all.err).toBeNull();
    expect(all.address).toHaveLength(2);
    const one = await lookupOnce(resolverOf(['93.184.215.14']), false);
    expect(one.address).toBe('93.184.215.14');
  });
});

describe('the connector guards every connection by itself', () => {
  // The agent's connector applies the policy without the client's own URL checks in front of it:
  // a request handed to undici directly (no safeFetch) still cannot open a socket to the canary.
  async function connectRefusal(origin: string, resolve?: Resolver): Promise<NodeJS.ErrnoException & { reason?: string }> {
    const agent = new Agent({ connect: guardedConnector(resolve) });
    try {
      const err = await agent.request({ origin, path: '/', method: 'GET' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, `${origin} must be refused`).toBeInstanceOf(Error);
      return err as NodeJS.ErrnoException & { reason?: string };
    } finally {
      await agent.close();
    }
  }

  test('a literal loopback origin', async () => {
    const err = await connectRefusal(`https://127.0.0.1:${P}`);
    expect(err).toBeInstanceOf(FetchError);
    expect(err.reason).toBe('blocked_address');
    expect(canary.requests()).toBe(0);
  });

  test('a plain http origin that is not allowed', async () => {
    const err = await connectRefusal(`http://127.0.0.1:${P}`);
    expect(err).toBeInstanceOf(FetchError);
    expect(err.code).toBe('https_required');
    expect(canary.requests()).toBe(0);
  });

  test('a name whose DNS answer is loopback (rebinding: the name was never checked before)', async () => {
    const rebinding: Resolver = (_host, _opts, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]);
    const err = await connectRefusal(`https://rebind.example:${P}`, rebinding);
    expect(err.code).toBe('EBLOCKEDADDRESS');
    expect(canary.requests()).toBe(0);
  });

  test('a name whose DNS answer mixes a public and a private address', async () => {
    const mixed: Resolver = (_host, _opts, cb) =>
      cb(null, [
        { address: '93.184.215.14', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]);
    expect((await connectRefusal(`https://rebind.example:${P}`, mixed)).code).toBe('EBLOCKEDADDRESS');
    expect(canary.requests()).toBe(0);
  });
});

describe('address classification', () => {
  const refused = ['127.0.0.1', '10.1.2.3', '172.31.255.255', '192.168.0.1', '100.127.255.255', '169.254.169.254', '0.0.0.0',
    '255.255.255.255', '224.0.0.251', '::1', '::', '::ffff:10.0.0.1', '64:ff9b::7f00:1', 'fc00::1', 'fd00:ec2::254', 'fe80::1%eth0',
    '2002:c0a8:101::1', '2001:db8::1', '100::1', 'fec0::1'];
  const allowed = ['93.184.215.14', '1.1.1.1', '100.128.0.1', '172.32.0.1', '2a00:1450:4001:81b::200e', '2606:4700::1111'];
  for (const a of refused) test(`refuses ${a}`, () => expect(addressRefusal(a)).not.toBeNull());
  for (const a of allowed) test(`allows ${a}`, () => expect(addressRefusal(a)).toBeNull());
});

describe('redirect from an allowed host into the private network', () => {
  let provider: ProviderServer;
  let restore: () => void;
  beforeAll(async () => {
    provider = await startProviderServer();
    // Only the provider's own host:port is allowed; the canary on the same IP but another port is not.
    restore = allowInsecureSources(provider);
  });
  afterAll(async () => {
    restore();
    await provider.close();
  });

  const targets: Array<{ name: string; location: (p: number) => string; code: string }> = [
    { name: 'to the canary over http', location: (p) => `http://127.0.0.1:${p}/secret`, code: 'https_required' },
    { name: 'to the canary over https', location: (p) => `https://127.0.0.1:${p}/secret`, code: 'invalid_url' },
    { name: 'to the canary by decimal address', location: (p) => `https://2130706433:${p}/`, code: 'invalid_url' },
    { name: 'to cloud metadata', location: () => 'https://169.254.169.254/latest/meta-data/', code: 'invalid_url' },
    { name: 'to [::ffff:127.0.0.1]', location: (p) => `https://[::ffff:127.0.0.1]:${p}/`, code: 'invalid_url' },
    { name: 'to localhost', location: (p) => `https://localhost:${p}/`, code: 'invalid_url' },
    { name: 'to a file: URL', location: () => 'file:///etc/passwd', code: 'invalid_url' },
  ];
  test('to a name that resolves to loopback: refused when the hop connects', async () => {
    const name = await loopbackName();
    expect(name, 'a host name resolving to loopback').toBeDefined();
    provider.setFault('/go-name', { type: 'redirect', location: `https://${name}:${P}/secret` });
    const err = await refusal(`${provider.url}/go-name`);
    expect(err.code).toBe('invalid_url');
    expect(err.reason).toBe('blocked_address');
    expect(err.url).toBe(`https://${name}:${P}/secret`);
    expect(provider.requests('/go-name')).toBe(1);
    expect(canary.requests()).toBe(0);
  });

  for (const { name, location, code } of targets) {
    test(name, async () => {
      provider.setFault('/go', { type: 'redirect', location: location(P) });
      const err = await refusal(`${provider.url}/go`);
      expect(err.code).toBe(code);
      expect(provider.requests('/go')).toBeGreaterThan(0);
      expect(canary.requests()).toBe(0);
    });
  }
});
