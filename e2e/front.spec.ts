// The duties of a public website on every page (issue 26): the site's header and footer with the
// operator's contact and the accessibility statement's link, the statement itself, Slovak plurals of
// counts, and axe-core without critical, serious or moderate findings. Desktop and phone, measured boxes.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { placeMunicipalities } from './helpers';

const DESKTOP = { viewport: { width: 1366, height: 768 }, locale: 'sk-SK' } as const;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'sk-SK' } as const;
const DEVICES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/** Pages with the site's header and footer (the full-screen map `/` and `/vlozena-mapa` are checked apart). */
const PAGES = [
  '/neschvalene-data',
  '/stav-zdrojov',
  '/poskytovatelia',
  '/dokumentacia',
  '/dokumentacia/o-projekte',
  '/mapy',
  '/mapa/sk-uzemie/kraje',
  '/vyhlasenie-o-pristupnosti',
  '/neexistujuca-stranka',
];

async function withDevice<T>(browser: Browser, device: (typeof DEVICES)[number][1], run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext(device);
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

async function municipalityPage(page: Page): Promise<string> {
  const towns = await placeMunicipalities(page.request, 'Žilina', 5);
  return `/${(towns.find((m) => m.name === 'Žilina') ?? towns[0]).slug}`;
}

for (const [name, device] of DEVICES) {
  test.describe(`site chrome (${name})`, () => {
    test('every page has the header, and a footer with the statement link and the operator contact', async ({ browser }) => {
      await withDevice(browser, device, async (page) => {
        const pages = [...PAGES, await municipalityPage(page)];
        for (const path of pages) {
          await page.goto(path);
          const header = page.getByRole('banner');
          await expect(header, path).toHaveCount(1);
          await expect(header.getByRole('link', { name: 'Geodáta Slovenska' })).toBeVisible();
          const footer = page.getByRole('contentinfo');
          await expect(footer, path).toHaveCount(1);
          const statement = footer.getByRole('link', { name: 'Vyhlásenie o prístupnosti', exact: true });
          await expect(statement).toBeVisible();
          const box = (await statement.boundingBox())!;
          expect(box.height, `${path}: statement link height`).toBeGreaterThanOrEqual(24);
          expect(box.x + box.width, `${path}: statement link inside the screen`).toBeLessThanOrEqual(device.viewport.width);
          const contact = footer.getByTestId('operator-contact');
          await expect(contact).toContainText('Testovací prevádzkovateľ portálu');
          await expect(contact.getByRole('link', { name: 'portal@example.sk' })).toHaveAttribute('href', 'mailto:portal@example.sk');
          await expect(contact.getByRole('link', { name: '+421 2 1234 5678' })).toHaveAttribute('href', 'tel:+421212345678');
          const header0 = (await header.boundingBox())!;
          expect(header0.y, `${path}: header at the top`).toBe(0);
          expect(header0.width).toBeLessThanOrEqual(device.viewport.width);
          console.log(`[front] ${name} ${path}: header ${header0.width}×${header0.height}, statement link ${box.width.toFixed(0)}×${box.height.toFixed(0)}`);
        }
      });
    });

    test('the embedded map stays without chrome; the full-screen map links the statement from its panel', async ({ browser }) => {
      await withDevice(browser, device, async (page) => {
        await page.goto('/vlozena-mapa');
        await expect(page.locator('main[data-chrome="none"]')).toHaveCount(1);
        await expect(page.locator('.site-header')).toBeHidden();
        await expect(page.locator('.site-footer')).toBeHidden();
        await page.goto('/');
        await expect(page.locator('.site-header')).toBeHidden();
        await expect(page.locator('.map-canvas')).toBeVisible();
        const toggle = page.getByTestId('catalog-toggle');
        if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
        const link = page.locator('.catalog-footer').getByRole('link', { name: 'Vyhlásenie o prístupnosti', exact: true });
        await expect(link).toHaveAttribute('href', '/vyhlasenie-o-pristupnosti');
        await expect(link).toBeVisible();
      });
    });

    test('the accessibility statement follows the model: status, inaccessible parts, contact, enforcement, dates', async ({ browser }) => {
      await withDevice(browser, device, async (page) => {
        await page.goto('/');
        await page.goto('/dokumentacia');
        await page.getByRole('contentinfo').getByRole('link', { name: 'Vyhlásenie o prístupnosti', exact: true }).click();
        await expect(page).toHaveURL(/\/vyhlasenie-o-pristupnosti$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vyhlásenie o prístupnosti');
        await expect(page.getByTestId('conformity-status')).toContainText('čiastočne v súlade');
        for (const h of ['Stav súladu', 'Neprístupný obsah', 'Spätná väzba a kontaktné údaje', 'Postup presadzovania']) {
          await expect(page.getByRole('heading', { name: h })).toBeVisible();
        }
        await expect(page.locator('main')).toContainText('Plocha mapy');
        await expect(page.locator('main')).toContainText('Čo je tu?');
        await expect(page.locator('main')).toContainText('PDF');
        await expect(page.getByTestId('statement-contact')).toContainText('portal@example.sk');
        await expect(page.getByTestId('enforcement')).toContainText('Úradu podpredsedu vlády Slovenskej republiky pre investície a informatizáciu');
        await expect(page.getByTestId('statement-dates').locator('time')).toHaveCount(2);
        const main = (await page.locator('main').boundingBox())!;
        expect(main.width).toBeLessThanOrEqual(device.viewport.width);
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scroll, 'no sideways scrolling').toBeLessThanOrEqual(device.viewport.width);
        console.log(`[front] ${name} statement: main ${main.width}×${main.height.toFixed(0)}, scrollWidth ${scroll}`);
      });
    });
  });
}

test('the o-projekte page names the operator and its contact', async ({ page }) => {
  await page.goto('/dokumentacia/o-projekte');
  const main = page.locator('main');
  await expect(main).toContainText('Portál prevádzkuje Testovací prevádzkovateľ portálu');
  await expect(main.getByRole('link', { name: 'portal@example.sk' })).toBeVisible();
  await expect(main).toContainText('+421 2 1234 5678');
});

test('axe-core: no critical, serious or moderate violation on the site pages (desktop and phone)', async ({ browser }) => {
  test.setTimeout(300_000);
  for (const [name, device] of DEVICES) {
    await withDevice(browser, device, async (page) => {
      const pages = ['/', ...PAGES, await municipalityPage(page), '/mapa/sk-uzemie/obce'];
      for (const path of pages) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const result = await new AxeBuilder({ page }).analyze();
        const bad = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate');
        console.log(`[front] axe ${name} ${path}: ${result.violations.length} violations (${result.violations.map((v) => `${v.id}:${v.impact}`).join(', ') || 'none'})`);
        expect(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`), `${name} ${path}`).toEqual([]);
      }
    });
  }
});
