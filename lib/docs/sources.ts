// GET /zdroje.md: every source of the portal's data with its licence and attribution, generated
// from the registry (approved providers and datasets) plus the built-in reference data.
import { env } from '@/lib/env';
import { listApprovedDatasets, registrySnapshot } from '@/lib/providers/served';
import { datasetPagePath } from '@/lib/providers/links';
import { originalServiceUrl } from '@/lib/providers/catalog';
import type { ServedDataset } from '@/lib/providers/types';
import { cell, link, oneLine, plural } from './markdown';
import { referenceSources } from './reference-sources';

function licenseCell(s: ServedDataset): string {
  if (!s.license) return 'neuvedená';
  return s.license.url ? link(s.license.name, s.license.url) : cell(s.license.name);
}

export async function buildSourcesMarkdown(base: string = env().publicBaseUrl): Promise<string> {
  const [approved, snapshot] = await Promise.all([listApprovedDatasets(), registrySnapshot()]);
  const byProvider = new Map<string, ServedDataset[]>();
  for (const s of approved) byProvider.set(s.provider.id, [...(byProvider.get(s.provider.id) ?? []), s]);
  const collator = new Intl.Collator('sk');

  const lines: string[] = [
    '# Zdroje dát a licencie',
    '',
    '> Odkiaľ pochádzajú dáta portálu Geodáta Slovenska, pod akou licenciou sú a ako ich uvádzať. Zoznam sa generuje ' +
      'z registra poskytovateľov pri každom zobrazení; obsahuje len dáta schválené prevádzkovateľom.',
    '',
    'Dáta zostávajú u poskytovateľov a portál ich zobrazuje s ich atribúciou. Pri ďalšom použití údajov dodržte licenciu ' +
      'pôvodného zdroja a uveďte text z tabuľky (stĺpec Atribúcia). Datasety označené „len na zobrazenie“ portál kreslí na ' +
      'svojej mape, ale ich dáta ďalej neposkytuje — získate ich priamo z pôvodnej služby.',
    '',
    `## Poskytovatelia dát`,
    '',
    approved.length === 0
      ? 'Portál zatiaľ nemá žiadne schválené datasety.'
      : `${plural(byProvider.size, 'poskytovateľ', 'poskytovatelia', 'poskytovateľov')}, ${plural(approved.length, 'dataset', 'datasety', 'datasetov')}.`,
    '',
  ];

  const providers = [...byProvider.entries()].sort((a, b) => collator.compare(a[1][0].provider.name, b[1][0].provider.name));
  for (const [id, datasets] of providers) {
    const record = snapshot.records.find((r) => r.id === id);
    const provider = (record?.approvedManifest ?? record?.manifest)?.provider;
    lines.push(`### ${oneLine(datasets[0].provider.name)}`, '');
    const facts = [`Identifikátor: \`${id}\``];
    if (provider?.homepage) facts.push(`web: ${link(provider.homepage.replace(/^https?:\/\//, '').replace(/\/$/, ''), provider.homepage)}`);
    if (provider?.contact?.email) facts.push(`kontakt: [${provider.contact.email}](mailto:${provider.contact.email})`);
    else if (provider?.contact?.url) facts.push(`kontakt: ${link(provider.contact.url, provider.contact.url)}`);
    facts.push(
      datasets[0].provider.managedBy === 'portal'
        ? 'manifest spravuje portál (verejná služba alebo vstavané dáta)'
        : 'manifest spravuje poskytovateľ',
    );
    lines.push(`${facts.join(' · ')}.`, '');
    if (provider?.description) lines.push(oneLine(provider.description), '');
    lines.push('| Dataset | Licencia | Atribúcia |', '|---|---|---|');
    for (const s of [...datasets].sort((a, b) => collator.compare(a.dataset.title, b.dataset.title))) {
      const title = link(s.dataset.title, `${base}${datasetPagePath(s.provider.id, s.dataset.id)}`);
      const note = s.displayOnly ? ` (len na zobrazenie; ${link('pôvodná služba', originalServiceUrl(s.dataset.source))})` : '';
      lines.push(`| ${title}${note} | ${licenseCell(s)} | ${cell(s.attribution)} |`);
    }
    lines.push('');
  }

  lines.push(
    '## Referenčné dáta portálu',
    '',
    'Vstavané údaje o území Slovenska (poskytovateľ `sk-uzemie`, vyhľadávanie adries a obcí, prehľady obcí) pochádzajú z týchto zdrojov:',
    '',
    '| Údaje | Zdroj | Licencia | Atribúcia |',
    '|---|---|---|---|',
  );
  for (const r of referenceSources()) {
    const source = r.sourceUrl ? link(r.source, r.sourceUrl) : cell(r.source);
    const license = r.licenseUrl ? link(r.license, r.licenseUrl) : cell(r.license);
    lines.push(`| ${cell(r.use)} | ${source} | ${license} | ${cell(r.attribution)} |`);
  }
  lines.push(
    '',
    `Podrobnosti o protokole a licenciách v manifestoch sú v dokumente ${link('Protokol 0.1', `${base}/dokumentacia/protokol.md`)}; ` +
      `o projekte a kontakte v dokumente ${link('O projekte', `${base}/dokumentacia/o-projekte.md`)}.`,
  );
  return `${lines.join('\n')}\n`;
}
