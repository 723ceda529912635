// What the portal holds in memory keeps answering while the database does not (lib/db/unavailable.ts
// heldAfter): the registry, both municipality indexes and a municipality's facts, when the database
// refuses connections and when it accepts them and never answers (a server stopping mid-connect,
// which otherwise holds a request for the driver's 15 s connect timeout). A municipality page whose
// facts were never read says they are unavailable instead of failing.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { getMunicipalityFacts } from '@/lib/basemap/territory';
import { databaseHandle, openDatabase, setDatabase, type DatabaseHandle } from '@/lib/db';
import { heldAfter } from '@/lib/db/unavailable';
import { municipalityFacts } from '@/lib/pages/site-data';
import { municipalityIndex as placesIndex } from '@/lib/places/municipality-index';
import { registrySnapshot } from '@/lib/providers/served';
import { municipalityIndex as summaryIndex } from '@/lib/summary/municipality-index';

const ZILINA = 'SK031B517402';
const PRESOV = 'SK0417524140';

const never = <T>() => new Promise<T>(() => undefined);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('heldAfter', () => {
  test('a check that settles in time gives its value; a slow one the held copy; a failing one fails', async () => {
    expect(await heldAfter(Promise.resolve('checked'), 'held', 50)).toBe('checked');
    expect(await heldAfter(never<string>(), 'held', 20)).toBe('held');
    await expect(heldAfter(Promise.reject(new Error('refused')), 'held', 50)).rejects.toThrow('refused');
  });
});

describe('the database down after the portal has read what it holds', () => {
  let original: Promise<DatabaseHandle>;
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  let now: ReturnType<typeof vi.spyOn> | undefined;

  /** Time moves on so that every held copy is due for its check (registry 1 s, indexes 5 s). */
  function later(): void {
    const at = Date.now() + 60_000;
    now = vi.spyOn(Date, 'now').mockReturnValue(at);
  }

  beforeAll(async () => {
    original = databaseHandle();
    // A server that accepts connections and never answers, like a PostgreSQL stopping mid-connect.
    silent = net.createServer((s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  });

  afterEach(() => {
    now?.mockRestore();
    now = undefined;
    setDatabase(original);
  });

  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
  });

  async function warm() {
    const [registry, places, summary, facts] = await Promise.all([registrySnapshot(), placesIndex(), summaryIndex(), getMunicipalityFacts(ZILINA)]);
    expect(places?.byCode.get(ZILINA)?.name).toBe('Žilina');
    expect(facts?.postalCodes.length).toBeGreaterThan(0);
    return { registry, places, summary, facts };
  }

  for (const [name, url] of [
    ['refusing connections', () => 'postgres://root@127.0.0.1:1/none'],
    ['accepting connections and never answering', () => `postgres://root@127.0.0.1:${(silent.address() as AddressInfo).port}/none`],
  ] as const) {
    test(`${name}: the held registry, indexes and facts answer; unread facts are "unavailable"`, async () => {
      const held = await warm();
      setDatabase(openDatabase({ databaseUrl: url(), migrate: false, maxConnections: 2 }));
      later();
      const answered = await Promise.race([
        Promise.all([
          registrySnapshot(),
          placesIndex(),
          summaryIndex(),
          getMunicipalityFacts(ZILINA),
          // Facts never read wait for the driver's answer (a refusal is at once; silence is its timeout).
          name.startsWith('refusing') ? municipalityFacts(PRESOV) : null,
        ]),
        sleep(8_000).then(() => 'still waiting' as const),
      ]);
      expect(answered).not.toBe('still waiting');
      const [registry, places, summary, facts, unread] = answered as Exclude<typeof answered, string>;
      expect(registry).toBe(held.registry);
      expect(places).toBe(held.places);
      expect(summary).toBe(held.summary);
      expect(facts).toBe(held.facts);
      if (name.startsWith('refusing')) expect(unread).toEqual({ facts: null, unavailable: true });
    }, 30_000);
  }
});
