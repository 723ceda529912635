// The whole way of a municipality's GIS person, in Chromium, against real local servers (issue 31):
// on /poskytovatelia "Vytvoriť manifest zo služby" drafts from the portal's own OGC API (/ogc) and from
// a WFS 2.0 served by MapServer (tests/helpers/mapserver.ts); the person keeps one dataset of each,
// fills in the placeholders, validates the text, publishes the manifest on the town's own server
// (tests/helpers/provider-server.ts), runs the live test with its map preview and registers. The
// operator approves with the real CLI (`npm run operator -- approve`, through the server's database
// socket); the approval e-mail arrives in a local SMTP server (tests/helpers/smtp-server.ts, the
// server's SMTP_URL in playwright.config.ts); the datasets show on the town's municipality page and
// on /poskytovatelia/<id>. A changed manifest shows its diff on the provider page and in `operator
// diff`, and its e-mail arrives; the change is approved; finally the town withdraws with the token
// placed at /.well-known/geodata-portal/<token> on its own origin, and the withdrawal e-mail arrives.
//
// The WFS source is used as drafted (WFS 1.0.0 GetFeature in mode `bbox`: lon,lat windows); the town's
// boundary is one object of the /ogc municipalities (a property filter), so its source is mode `full`.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mapserverAvailable, startMapServer, type MapServer } from '../tests/helpers/mapserver';
import { startProviderServer, type ProviderServer } from '../tests/helpers/provider-server';
import { startSmtpServer, type SmtpTestServer } from '../tests/helpers/smtp-server';
import { errorBody } from '@/lib/operation/fields';
import type { ProviderChallenge } from '@/lib/providers/schema';
import type { DatasetSummary } from '@/lib/summary/schema';
import { FAKE_PROVIDER_PORT, SMTP_PORT, attachScreenshot, operator, placeMunicipalities, waitForMapIdle } from './helpers';

/** Ports allowed over plain http in playwright.config.ts; SMTP_PORT (helpers.ts) is the server's SMTP_URL. */
const MAPSERVER_PORT = FAKE_PROVIDER_PORT - 5;
const TOWN_PORT = FAKE_PROVIDER_PORT - 6;

/** Each run registers its own provider: the e2e database is kept between runs. */
const ID = `e2e-stare-mesto-${Date.now().toString(36)}`;
const EMAIL = `gis@${ID}.example.sk`;

interface Municipality {
  name: string;
  address: string;
}

/** Bratislava's Staré Mesto, where MapServer's two hazard zones (17.0-17.2 E, 48.1-48.2 N) lie. */
async function stareMesto(request: APIRequestContext): Promise<Municipality> {
  const towns = await placeMunicipalities(request, 'Staré Mesto Bratislava', 10);
  const m = towns.find((x) => x.slug.startsWith('bratislavsky-kraj/') && /stare-mesto/.test(x.slug));
  if (!m) throw new Error(`no Bratislava-Staré Mesto among ${towns.map((t) => t.slug).join(', ')}`);
  return { name: m.name, address: m.slug };
}

type Dataset = { id: string; title: string; category: string; source: { type: string; url: string; mode: string; maxFeatures?: number }; [k: string]: unknown };
type Draft = { provider: Record<string, unknown>; license: Record<string, unknown>; datasets: Dataset[] };

/** "Vytvoriť manifest zo služby" for one service address; the draft the text area then holds. */
async function draftFrom(page: Page, serviceUrl: string): Promise<Draft> {
  const input = page.getByTestId('validator-input');
  await input.fill('');
  await page.getByLabel(/Adresa služby/).fill(serviceUrl);
  await page.getByTestId('draft-submit').click();
  await expect(input).toHaveValue(/"protocol": "0\.1"/, { timeout: 120_000 });
  await expect(page.getByTestId('draft-notes')).toContainText('Doplňte licenciu');
  return JSON.parse(await input.inputValue()) as Draft;
}

let smtp: SmtpTestServer;
let mapserver: MapServer;
let town: ProviderServer;

test.beforeAll(async () => {
  expect(mapserverAvailable(), 'MapServer (mapserv) and GDAL must be installed').toBe(true);
  smtp = await startSmtpServer({ port: SMTP_PORT });
  mapserver = await startMapServer({ port: MAPSERVER_PORT });
  town = await startProviderServer({ port: TOWN_PORT });
});

/** Set once the provider is registered, cleared once it withdrew: a failed run withdraws it in afterAll. */
let registered = false;

test.afterAll(async ({ playwright, baseURL }) => {
  if (registered && town) {
    // The e2e database is kept between runs: a run that failed half-way takes its provider back.
    const api = await playwright.request.newContext({ baseURL });
    const challenge = await api.post(`/api/providers/${ID}/challenges`, { data: { action: 'withdraw' } });
    if (challenge.status() === 201) {
      const { token }: ProviderChallenge = await challenge.json();
      town.setBody(`/.well-known/geodata-portal/${token}`, token);
      const done = await api.post(`/api/providers/${ID}/challenges/${token}`);
      console.log(`cleanup: withdrawing ${ID} answered ${done.status()}`);
    } else console.log(`cleanup: no withdrawal challenge for ${ID}: ${challenge.status()} ${await challenge.text()}`);
    await api.dispose();
  }
  await Promise.all([smtp?.close(), mapserver?.close(), town?.close()]);
});

test('a town drafts, validates, previews, registers, is approved, changes its manifest and withdraws', async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(600_000);
  const figures: Record<string, unknown> = {};
  const place = await stareMesto(request);
  const townOrigin = `http://127.0.0.1:${TOWN_PORT}`;
  // Its own address per run too: a URL registered by an earlier run's provider would answer 409 url_registered.
  const manifestPath = `/portal/${ID}/manifest.json`;
  const manifestUrl = `${townOrigin}${manifestPath}`;

  // 1. Drafts from the two services the town already has access to.
  await page.goto('/poskytovatelia');
  const open = page.getByRole('button', { name: 'Vytvoriť manifest zo služby', exact: true });
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  const ogcDraft = await draftFrom(page, `${baseURL}/ogc`);
  const wfsDraft = await draftFrom(page, mapserver.wfsCapabilities);
  figures.draftedDatasets = { ogc: ogcDraft.datasets.length, wfs: wfsDraft.datasets.length };
  const obce = ogcDraft.datasets.find((d) => d.source.url.includes('/collections/sk-uzemie.obce/items'));
  const zony = wfsDraft.datasets.find((d) => d.id === 'zony');
  expect(obce, 'the /ogc draft has the municipalities collection').toBeTruthy();
  expect(zony, 'the WFS draft has the feature type zony').toBeTruthy();
  expect(zony!.source.url).toContain('request=GetFeature');
  expect(zony!.source.mode).toBe('bbox');
  expect(zony!.fields).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'stupen', type: 'integer' })]));

  // 2. The person's edits: provider, contact, licence; the town's own boundary (a property filter of
  // the OGC API) and the zones; mode full (see the header).
  const manifest = {
    protocol: '0.1',
    provider: {
      id: ID,
      name: `Mestská časť ${place.name}`,
      homepage: townOrigin,
      description: `Dáta mestskej časti ${place.name} z jej služieb OGC API a WFS.`,
      contact: { email: EMAIL },
    },
    license: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', attribution: `© Mestská časť ${place.name}` },
    datasets: [
      {
        ...obce!,
        id: 'hranica',
        title: `Hranica mestskej časti ${place.name}`,
        description: 'Hranica a údaje zo sčítania 2021 zo služby OGC API – Features.',
        category: 'territory',
        coverage: undefined,
        source: { ...obce!.source, url: `${obce!.source.url}&nazov=${encodeURIComponent(place.name)}`, mode: 'full', maxFeatures: 10 },
      },
      zony!,
    ],
  };
  const text = JSON.stringify(manifest, null, 2);

  // 3. The static check of the edited text.
  await page.getByTestId('validator-input').fill(text);
  await page.getByTestId('validator-submit').click();
  await expect(page.getByTestId('report-verdict')).toHaveText(/Platné/);
  figures.staticSummary = await page.getByTestId('report-summary').innerText();

  // 4. Published on the town's own server; the live test with its map preview.
  town.setBody(manifestPath, text);
  await page.getByTestId('validator-tab-url').click();
  await page.getByTestId('validator-url').fill(manifestUrl);
  await page.getByTestId('validator-submit').click();
  await expect(page.getByTestId('report-verdict')).toHaveText(/Platné/, { timeout: 120_000 });
  figures.liveSummary = await page.getByTestId('report-summary').innerText();
  const preview = page.getByTestId('validator-preview');
  await expect(preview).toBeVisible();
  const drawn = Number(await preview.getAttribute('data-drawn'));
  expect(drawn).toBeGreaterThan(1); // the boundary and the zones in the live test's window
  figures.preview = await page.getByTestId('preview-caption').innerText();
  await waitForMapIdle(page);
  await attachScreenshot(page, testInfo, 'preview');

  // 5. Registration.
  await page.getByTestId('registration-url').fill(manifestUrl);
  await page.getByTestId('registration-submit').click();
  const result = page.getByTestId('registration-result');
  await expect(result).toContainText('Zaregistrované', { timeout: 120_000 });
  registered = true;
  await expect(result).toContainText('čaká na schválenie');

  // 6. The operator approves with the CLI; the approval e-mail arrives.
  const approvedAt = performance.now();
  const approve = await operator('approve', ID);
  expect(approve.stdout).toContain(`Approved ${ID}`);
  figures.approveCli = { ms: approve.ms, stdout: approve.stdout.trim(), stderr: approve.stderr.trim() };
  const approvalMail = await smtp.waitFor((m) => m.to.includes(EMAIL) && m.subject.includes('sú schválené'), 60_000);
  figures.approvalMail = { subject: approvalMail.subject, msAfterApprove: Math.round(performance.now() - approvedAt) };
  expect(approvalMail.text).toContain(`/poskytovatelia/${ID}`);
  expect(approvalMail.text).toContain(`/mapa/${ID}/zony`);

  // 7. The town's municipality page lists both datasets as its own; the provider page shows them.
  await page.goto(`/${place.address}`);
  await expect(page.getByTestId('municipality-page')).toBeVisible();
  figures.municipalityCounts = {};
  for (const dataset of ['hranica', 'zony']) {
    const summary = await request.get(`/api/summary/${ID}/${dataset}?municipality=${encodeURIComponent(place.address)}`);
    expect(summary.status()).toBe(200);
    const { count }: DatasetSummary = await summary.json();
    expect(count).toBeGreaterThan(0);
    (figures.municipalityCounts as Record<string, number>)[dataset] = count;
    const row = page.getByTestId(`municipality-dataset-${ID}/${dataset}`);
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute('data-reach', 'own');
    await expect(row.locator('td.num')).toHaveAttribute('data-value', String(count));
  }
  await attachScreenshot(page, testInfo, 'municipality-page');
  await page.goto(`/poskytovatelia/${ID}`);
  await expect(page.getByTestId('provider-approval')).toHaveAttribute('data-approval', 'approved');
  await expect(page.getByTestId('provider-dataset')).toHaveCount(2);
  await expect(page.locator('[data-testid="provider-dataset"][data-dataset="zony"]')).toContainText(zony!.title);

  // 8. A changed manifest: the zones get another title. Registering the same URL again notices it.
  const changedTitle = 'Zóny ohrozenia povodňou – aktualizované';
  town.setBody(manifestPath, JSON.stringify({ ...manifest, datasets: [manifest.datasets[0], { ...manifest.datasets[1], title: changedTitle }] }, null, 2));
  await page.goto('/poskytovatelia');
  await page.getByTestId('registration-url').fill(manifestUrl);
  await page.getByTestId('registration-submit').click();
  await expect(page.getByTestId('registration-result')).toContainText('Manifest sa od schválenia zmenil', { timeout: 120_000 });
  const diffLine = `~ datasets/zony/title: "${zony!.title}" → "${changedTitle}"`;
  await page.goto(`/poskytovatelia/${ID}`);
  await expect(page.getByTestId('provider-approval')).toContainText('zmena čaká na schválenie');
  await expect(page.getByTestId('provider-changes')).toContainText(diffLine);
  figures.diffOnPage = await page.getByTestId('provider-changes').locator('li').allInnerTexts();
  const diff = await operator('diff', ID);
  expect(diff.stdout).toContain(diffLine);
  figures.diffCli = diff.stdout.trim().split('\n');
  const changedMail = await smtp.waitFor((m) => m.to.includes(EMAIL) && m.subject.includes('čaká na schválenie'), 60_000);
  expect(changedMail.text).toContain(diffLine);
  figures.changedMail = changedMail.subject;

  // The operator approves exactly that content; the new title is served.
  const fingerprint = /--fingerprint ([0-9a-f]+)/.exec(diff.stdout)?.[1];
  expect(fingerprint).toBeTruthy();
  const reapprovedAt = performance.now();
  const reapprove = await operator('approve', ID, '--fingerprint', fingerprint!);
  expect(reapprove.stdout).toContain(`Approved ${ID}`);
  const secondApproval = await smtp.waitFor((m) => m.to.includes(EMAIL) && m.subject.includes('sú schválené') && m !== approvalMail, 60_000);
  figures.secondApproval = { subject: secondApproval.subject, cliMs: reapprove.ms, msAfterApprove: Math.round(performance.now() - reapprovedAt) };
  await page.goto(`/poskytovatelia/${ID}`);
  await expect(page.getByTestId('provider-approval')).toHaveAttribute('data-approval', 'approved');
  await expect(page.getByTestId('provider-changes')).toHaveCount(0);
  await expect(page.locator('[data-testid="provider-dataset"][data-dataset="zony"]')).toContainText(changedTitle);

  // 9. Withdrawal with proof of control: the provider page says how; the token goes to the well-known
  // path of the town's own origin.
  const how = page.getByTestId('provider-actions');
  await expect(how).toContainText(`POST /api/providers/${ID}/challenges`);
  await expect(how).toContainText(`${townOrigin}/.well-known/geodata-portal/<token>`);
  const challenge = await request.post(`/api/providers/${ID}/challenges`, { data: { action: 'withdraw' } });
  expect(challenge.status(), await challenge.text()).toBe(201);
  const { token, place: where }: ProviderChallenge = await challenge.json();
  expect(where).toEqual([`${townOrigin}/.well-known/geodata-portal/${token}`]);
  // Step 3 of the provider guide is a POST without a body. Before the token is there the portal refuses.
  const early = await request.post(`/api/providers/${ID}/challenges/${token}`);
  expect(early.status()).toBe(403);
  expect(errorBody.parse(await early.json()).code).toBe('proof_failed');
  town.setBody(`/.well-known/geodata-portal/${token}`, token);
  const withdraw = await request.post(`/api/providers/${ID}/challenges/${token}`);
  expect(withdraw.status(), await withdraw.text()).toBe(200);
  registered = false;
  const withdrawnMail = await smtp.waitFor((m) => m.to.includes(EMAIL) && m.subject.includes('stiahnutý'), 60_000);
  figures.withdrawnMail = withdrawnMail.subject;
  expect((await request.get(`/poskytovatelia/${ID}`)).status()).toBe(404);
  await page.goto(`/${place.address}`);
  await expect(page.getByTestId('municipality-page')).toBeVisible();
  await expect(page.getByTestId(`municipality-dataset-${ID}/zony`)).toHaveCount(0);

  figures.mails = smtp.messages.filter((m) => m.to.includes(EMAIL)).map((m) => m.subject);
  expect(figures.mails).toHaveLength(4);
  await testInfo.attach('figures.json', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
  console.log(JSON.stringify(figures, null, 2));
});
