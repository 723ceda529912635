// /neschvalene-data: server-rendered list of providers awaiting approval, one anchor per provider,
// links to the dataset pages, noindex.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import UnapprovedDataPage, { metadata } from '@/app/neschvalene-data/page';
import { approveProvider } from '@/lib/providers/approval';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { postRegistration, publish, removeAttempts, removeProviders, testManifest, uniqueAddress, uniqueId } from './helpers';

let server: ProviderServer;
let restoreEnv: () => void;
const ids = [uniqueId('page'), uniqueId('page')];
const addresses = [uniqueAddress(), uniqueAddress()];

beforeAll(async () => {
  server = await startProviderServer();
  restoreEnv = allowInsecureSources(server);
  for (const [i, id] of ids.entries()) {
    const manifest = testManifest(id, { datasets: [{ id: 'body', title: 'Body <b>s</b> HTML' }, { id: 'plochy', title: 'Plochy' }] });
    expect((await postRegistration({ manifestUrl: publish(server, manifest) }, addresses[i])).status).toBe(201);
  }
  await approveProvider({ id: ids[1] });
});

afterAll(async () => {
  await removeProviders(...ids);
  await removeAttempts(...addresses);
  restoreEnv();
  await server.close();
});

test('lists pending providers with an anchor each and links to their dataset pages', async () => {
  const html = renderToStaticMarkup(await UnapprovedDataPage());
  expect(html).toContain('<h1>Neschválené dáta</h1>');
  expect(html).toContain(`id="${ids[0]}"`);
  expect(html).toContain(`href="/mapa/${ids[0]}/body"`);
  expect(html).toContain(`href="/mapa/${ids[0]}/plochy"`);
  // Provider text is escaped, never markup.
  expect(html).toContain('Body &lt;b&gt;s&lt;/b&gt; HTML');
  expect(html).toContain(`${server.url}/${ids[0]}/manifest.json`);
  expect(html).toContain('rel="nofollow ugc noopener"');
  // Approved providers are not listed.
  expect(html).not.toContain(`id="${ids[1]}"`);
});

test('is not indexed by search engines', () => {
  expect(metadata.robots).toEqual({ index: false, follow: false });
});
