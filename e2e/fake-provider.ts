// The e2e suite's fake provider: a real server on 127.0.0.1 (tests/helpers/provider-server.ts, with its
// fault injection) that publishes a protocol 0.1 manifest at /manifest.json and the bodies a spec sets,
// on a port playwright.config.ts allows over plain http (ALLOW_INSECURE_SOURCES). A spec gives the
// provider and its datasets; the envelope (protocol, license, homepage) is written once here.
//
//   const p = await startFakeProvider({ port, id, name, description, datasets: (url) => [...], bodies });
//   await registerAndApprove(request, p.manifestUrl, p.id);   // e2e/helpers.ts, when the spec needs it approved
//   p.setFault('/data.json', '500');  ...  await p.close();
import type { Manifest, ManifestDataset } from '@/lib/protocol/types';
import { startProviderServer, type ProviderServer } from '../tests/helpers/provider-server';

/** Slovakia's extent, the coverage of a nationwide test dataset. */
export const SLOVAKIA_BBOX: [number, number, number, number] = [16.83, 47.73, 22.57, 49.62];
export const SLOVAKIA_COVERAGE = { bbox: SLOVAKIA_BBOX, area: 'Slovensko' };

export interface FakeProviderOptions {
  /** One of the ports playwright.config.ts allows (FAKE_PROVIDER_PORT and the six below it; provider-chain.spec uses the lowest two). */
  port: number;
  id: string;
  /** The provider's name, as the portal quotes it ("Zdroj „…“ teraz hlási chybu"). */
  name: string;
  description: string;
  /** The manifest's datasets, given this server's own URL (`http://127.0.0.1:<port>`) for their sources. */
  datasets: (url: string) => ManifestDataset[];
  /** Bodies served beside the manifest, by path: objects as JSON, or a function of the request. */
  bodies?: Record<string, unknown>;
}

export interface FakeProvider extends ProviderServer {
  id: string;
  manifestUrl: string;
}

export async function startFakeProvider(options: FakeProviderOptions): Promise<FakeProvider> {
  const server = await startProviderServer({ port: options.port });
  const manifest: Manifest = {
    protocol: '0.1',
    provider: { id: options.id, name: options.name, homepage: 'https://example.sk', description: options.description },
    license: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', attribution: `© ${options.name}` },
    datasets: options.datasets(server.url),
  };
  server.setBody('/manifest.json', manifest, 'application/json');
  for (const [path, body] of Object.entries(options.bodies ?? {})) server.setBody(path, body);
  return { ...server, id: options.id, manifestUrl: `${server.url}/manifest.json` };
}
