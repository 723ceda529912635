// "Vytvoriť manifest zo služby" in Chromium: on /poskytovatelia a provider drafts a manifest from the
// server's own OGC API – Features (/ogc), the draft fills the validator's text area, and the
// validator's report on it shows.
import { expect, test } from '@playwright/test';
import type { Manifest } from '@/lib/protocol/types';

test('a manifest drafted from the portal’s own /ogc fills the validator and is validated', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.goto('/poskytovatelia');
  const open = page.getByRole('button', { name: 'Vytvoriť manifest zo služby', exact: true });
  await expect(open).toBeVisible();
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel(/Adresa služby/).fill(`${baseURL}/ogc`);
  await page.getByTestId('draft-submit').click();
  const input = page.getByTestId('validator-input');
  await expect(input).toHaveValue(/"protocol": "0\.1"/, { timeout: 120_000 });
  const draft: Manifest = JSON.parse(await input.inputValue());
  expect(draft.datasets.length).toBeGreaterThan(0);
  for (const { source } of draft.datasets) {
    expect(source.type).toBe('geojson');
    if (source.type !== 'geojson') continue;
    expect(source.url).toMatch(new RegExp(`^${baseURL}/ogc/collections/[^/]+/items\\?f=json$`));
    expect(source.mode).toBe('bbox');
  }
  await expect(page.getByTestId('draft-notes')).toContainText('Doplňte licenciu');
  await page.getByTestId('validator-submit').click();
  await expect(page.getByTestId('validator-report')).toBeVisible();
  await expect(page.getByTestId('report-summary')).not.toBeEmpty();
  // The refusal of a non-service address is Slovak.
  await page.getByLabel(/Adresa služby/).fill(`${baseURL}/api/catalog`);
  await page.getByTestId('draft-submit').click();
  await expect(page.getByTestId('validator-problem')).toContainText('Na adrese nie je služba OGC API – Features');
});
