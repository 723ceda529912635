// "Nahlásiť problém" on a desktop and a phone: the last tool of the map's tool bar and the button of a
// dataset page open a Slovak form whose report the operator then sees in `npm run operator -- reports`
// (the CLI against this server's database); a refusal (HTML) is shown in Slovak.
import { execFileSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/** The operator's list of open reports, from the CLI through the e2e server's database socket. */
function operatorReports(): string {
  return execFileSync('npm', ['run', '--silent', 'operator', '--', 'reports'], {
    env: { ...process.env, PGLITE_DIR: './data/e2e-pglite' },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

async function expectInside(page: Page, el: Locator): Promise<void> {
  const box = (await el.boundingBox())!;
  const vp = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(vp.width);
  expect(box.y + box.height).toBeLessThanOrEqual(vp.height);
}

/** Sends the open form and returns the report number from the Slovak confirmation. */
async function send(dialog: Locator, message: string): Promise<number> {
  await dialog.getByLabel('Správa').fill(message);
  await dialog.getByRole('button', { name: 'Odoslať' }).click();
  const status = dialog.getByRole('status');
  await expect(status).toContainText('Ďakujeme. Hlásenie č.');
  return Number(/č\. (\d+)/.exec((await status.textContent()) ?? '')?.[1]);
}

for (const vp of VIEWPORTS) {
  test.describe(`${vp.name} ${vp.width}×${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('the map tool bar ends with "Nahlásiť problém"; the report reaches the operator', async ({ page }) => {
      await page.goto('/');
      const toggle = page.getByTestId('map-tools-toggle');
      if (vp.name === 'phone') {
        // The phone's "Nástroje" menu; a click before hydration does nothing, so click until it is open.
        await expect(async () => {
          if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
          await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 2000 });
        }).toPass({ timeout: 30_000 });
      }
      const last = page.getByTestId('map-tools').getByRole('listitem').last().getByRole('button');
      await expect(last).toHaveAccessibleName('Nahlásiť problém');
      const button = (await last.boundingBox())!;
      expect(Math.min(button.width, button.height)).toBeGreaterThanOrEqual(vp.name === 'phone' ? 44 : 24);
      await last.click();

      const dialog = page.getByRole('dialog', { name: 'Nahlásiť problém' });
      await expect(dialog).toBeVisible();
      await expectInside(page, dialog);
      await expect(dialog.getByRole('radio', { name: 'Problém so stránkou' })).toBeChecked();
      await dialog.getByLabel('E-mail (nepovinný)').fill('obcan@example.sk');
      const marker = `e2e-${vp.name}-mapa-${Date.now()}`;
      const id = await send(dialog, `${marker} vyhľadávanie nenašlo obec`);
      expect(id).toBeGreaterThan(0);

      const listed = operatorReports();
      expect(listed).toMatch(new RegExp(`^${id}\\s+open\\s+site\\s+.*obcan@example\\.sk\\s+${marker}`, 'm'));
      test.info().annotations.push({ type: 'operator', description: listed.split('\n').find((l) => l.startsWith(`${id} `)) ?? '' });
    });

    test('a dataset page reports "Údaje sú nesprávne" with its dataset; HTML is refused in Slovak', async ({ page }) => {
      await page.goto('/mapa/sk-uzemie/obce');
      const button = page.getByTestId('dataset-report');
      await expect(button).toHaveAccessibleName('Nahlásiť problém');
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Nahlásiť problém' });
      await expect(dialog).toBeVisible();
      await expectInside(page, dialog);
      await expect(dialog.getByRole('radio', { name: 'Údaje sú nesprávne' })).toBeChecked();
      await expect(dialog).toContainText('sk-uzemie/obce');
      // The open form adds no critical or serious accessibility violation (axe, WCAG 2.1 AA).
      expect(await seriousViolations(page)).toEqual([]);

      await dialog.getByLabel('Správa').fill('Pozrite <b>toto</b>');
      await dialog.getByRole('button', { name: 'Odoslať' }).click();
      await expect(dialog.getByRole('alert')).toContainText('bez HTML značiek');

      const marker = `e2e-${vp.name}-dataset-${Date.now()}`;
      const id = await send(dialog, `${marker} hranica obce je posunutá`);
      const listed = operatorReports();
      expect(listed).toMatch(new RegExp(`^${id}\\s+open\\s+data\\s+.*sk-uzemie/obce\\s+/mapa/sk-uzemie/obce\\s+-\\s+${marker}`, 'm'));
      await dialog.getByRole('button', { name: 'Zavrieť' }).click();
      await expect(dialog).toBeHidden();
    });
  });
}
