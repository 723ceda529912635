// Response examples of the interface document. Most are trimmed copies of real answers of this
// portal (captured-examples.json); redocly lint and the tests validate each against its schema.
import { exampleDocument } from '@/lib/protocol/examples';
import captured from './captured-examples.json';
import type { Manifest, ManifestDataset } from '@/lib/protocol/types';

export function sampleDataset(): ManifestDataset {
  return (exampleDocument('manifest-minimal') as Manifest).datasets[0];
}

// Captured from the portal's own route handlers (built-in providers `sk-uzemie`, `svp`, `priklady`)
// and trimmed to a few entries; tests/docs/openapi.test.ts validates them against their schemas.
export const { catalog, data, places, reverse, nearby, nearbySelection, summary, report, liveReport } = captured;

export const registration = {
  registered: true,
  status: 'pending_review',
  message:
    'Registered. The data is reachable through the portal at the links below (marked as unapproved) and enters the catalog once the operator approves it.',
  provider: { id: 'moja-obec', name: 'Moja obec' },
  links: { review: '/neschvalene-data#moja-obec', datasets: ['/mapa/moja-obec/stanice-ovzdusia'] },
  check: { summary: 'Živý test prešiel (0 chýb, 0 odporúčaní); 1 dataset otestovaný.', warnings: [] },
};

export const mcpResponse = {
  jsonrpc: '2.0',
  id: 2,
  result: {
    content: [
      { type: 'text', text: `${places.count} miest pre „${places.query}“` },
      { type: 'text', text: JSON.stringify(places) },
    ],
    structuredContent: places,
  },
};

export function llmsTxt(base: string): string {
  return [
    '# Geodáta Slovenska',
    '',
    '> Verejný portál geografických dát Slovenska…',
    '',
    '## Dokumentácia',
    '',
    `- [Pre AI agentov](${base}/dokumentacia/pre-ai-agentov.md): nástroje MCP a REST API…`,
    '',
  ].join('\n');
}
