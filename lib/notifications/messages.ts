// The Slovak e-mails to a provider's contact address: one builder per kind, plain text with absolute
// links to the portal (the provider's page first: it shows everything the e-mail mentions).
import { env } from '@/lib/env';

export interface Message {
  subject: string;
  body: string;
}

const SIGNATURE = 'Geodáta Slovenska\n(Túto správu poslal portál automaticky; odpovedať na ňu nie je potrebné.)';

function link(path: string): string {
  return `${env().publicBaseUrl}${path}`;
}

function message(subject: string, lines: Array<string | null>): Message {
  return { subject, body: `${lines.filter((l) => l !== null).join('\n')}\n\n${SIGNATURE}\n` };
}

export function approvedMessage(p: { id: string; name: string; datasets: Array<{ id: string; title: string }> }): Message {
  return message(`Dáta poskytovateľa ${p.name} sú schválené`, [
    `Dobrý deň,`,
    '',
    `prevádzkovateľ portálu schválil manifest poskytovateľa ${p.name} (${p.id}). Jeho datasety sú odteraz v katalógu, vo vyhľadávaní, na stránkach obcí, v llms.txt a pre AI asistentov (MCP):`,
    '',
    ...p.datasets.map((d) => `- ${d.title}: ${link(`/mapa/${p.id}/${d.id}`)}`),
    '',
    `Stav, dostupnosť zdrojov a využitie dát: ${link(`/poskytovatelia/${p.id}`)}`,
  ]);
}

export function rejectedMessage(p: { id: string; name: string; reason: string | null }): Message {
  return message(`Registrácia poskytovateľa ${p.name} bola zamietnutá`, [
    `Dobrý deň,`,
    '',
    `prevádzkovateľ portálu zamietol poskytovateľa ${p.name} (${p.id}); jeho dáta portál nezobrazuje.`,
    p.reason ? `Dôvod: ${p.reason}` : null,
    '',
    `O opätovné posúdenie požiadajte prevádzkovateľa portálu. Podrobnosti: ${link(`/poskytovatelia/${p.id}`)}`,
  ]);
}

export function changedMessage(p: { id: string; name: string; changes: string[] }): Message {
  const shown = p.changes.slice(0, 30);
  return message(`Zmenený manifest poskytovateľa ${p.name} čaká na schválenie`, [
    `Dobrý deň,`,
    '',
    `portál stiahol zmenený manifest poskytovateľa ${p.name} (${p.id}). Zmena čaká na schválenie prevádzkovateľom; dovtedy portál zobrazuje naposledy schválenú verziu.`,
    '',
    'Zmeny oproti schválenému manifestu:',
    ...shown.map((c) => `- ${c}`),
    p.changes.length > shown.length ? `- … a ďalších ${p.changes.length - shown.length}` : null,
    '',
    `Celý rozdiel: ${link(`/poskytovatelia/${p.id}#zmeny`)}`,
  ]);
}

export function sourceDownMessage(p: {
  id: string;
  name: string;
  what: string;
  since: Date;
  code: string;
  httpStatus: number | null;
}): Message {
  const since = new Intl.DateTimeFormat('sk-SK', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Bratislava' }).format(p.since);
  return message(`Zdroj poskytovateľa ${p.name} je nedostupný viac ako hodinu`, [
    `Dobrý deň,`,
    '',
    `${p.what} poskytovateľa ${p.name} (${p.id}) neodpovedá od ${since}. Posledná chyba: ${p.code}${p.httpStatus ? ` (HTTP ${p.httpStatus})` : ''}.`,
    'Portál zatiaľ zobrazuje posledné známe dáta (najviac 7 dní), ak ich má.',
    '',
    `Stav zdroja: ${link(`/poskytovatelia/${p.id}`)}`,
  ]);
}

export function withdrawnMessage(p: { id: string; name: string }): Message {
  return message(`Poskytovateľ ${p.name} bol z portálu stiahnutý`, [
    `Dobrý deň,`,
    '',
    `na žiadosť overenú tokenom na vašom webe portál stiahol poskytovateľa ${p.name} (${p.id}) a jeho dáta už nezobrazuje.`,
    `Identifikátor ${p.id} ostáva viazaný na váš web; znova ho zaregistrujete len odtiaľ.`,
  ]);
}

export function movedMessage(p: { id: string; name: string; from: string; to: string }): Message {
  return message(`Manifest poskytovateľa ${p.name} má novú adresu`, [
    `Dobrý deň,`,
    '',
    `na žiadosť overenú tokenom portál odteraz sťahuje manifest poskytovateľa ${p.name} (${p.id}) z adresy`,
    p.to,
    `(predtým ${p.from}).`,
  ]);
}
