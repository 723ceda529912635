// End-to-end tests of the website in Debian's Chromium against `npm start` (which builds first
// when the build is missing or stale, then imports the reference data on a fresh database).
import { defineConfig } from '@playwright/test';
import { TLS_CERT, ensureTestCertificate } from './e2e/tls';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** A fake provider the registration test serves on this port (allowed over plain http below). */
export const FAKE_PROVIDER_PORT = Number(process.env.E2E_FAKE_PROVIDER_PORT ?? 3199);
const BASE = `http://localhost:${PORT}`;
/** provider-chain.spec's local SMTP server (tests/helpers/smtp-server.ts): the server's e-mails to providers go there. */
const SMTP_PORT = FAKE_PROVIDER_PORT - 7;
/** citizen.spec's test WMS runs over HTTPS with this machine's test certificate, which the server trusts. */
const TLS = ensureTestCertificate();

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    baseURL: BASE,
    viewport: { width: 1280, height: 800 },
    locale: 'sk-SK',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npm start',
    url: `${BASE}/api/catalog`,
    reuseExistingServer: false,
    timeout: 600_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      PGLITE_DIR: './data/e2e-pglite',
      PUBLIC_BASE_URL: BASE,
      // The fake provider of pages.spec; citizen.spec's provider and its HTTPS WMS on the two ports
      // below; honest.spec's failing provider and its HTTPS tile server on the next two.
      // onramp.spec drafts a manifest from the server's own OGC API (/ogc), read back over loopback;
      // provider-chain.spec's MapServer WFS and the town's own server on the next two.
      ALLOW_INSECURE_SOURCES: [...[0, 1, 2, 3, 4, 5, 6].map((d) => `127.0.0.1:${FAKE_PROVIDER_PORT - d}`), `localhost:${PORT}`].join(','),
      // E-mails to providers' contact addresses: provider-chain.spec receives them (the other specs' providers have none).
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      ...(TLS ? { NODE_EXTRA_CA_CERTS: TLS_CERT } : {}),
      // No online basemap: the map must work offline.
      BASEMAP_STYLE_URL: '',
      // The operator's settings shown in every page's footer (front.spec).
      OPERATOR_NAME: 'Testovací prevádzkovateľ portálu',
      CONTACT_EMAIL: 'portal@example.sk',
      CONTACT_PHONE: '+421 2 1234 5678',
    },
  },
});
