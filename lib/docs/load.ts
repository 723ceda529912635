// Reads the documentation texts from content/dokumentacia/. The files hold `{{BASE_URL}}` where an
// absolute address belongs, because readers of the markdown (language models, people pasting a
// link) need addresses that work outside the portal, and the portal's origin is configuration.
// Two more tokens carry this instance's configuration: `{{CONTACT}}` and `{{MANIFEST_REFRESH}}`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors';
import { DOCS, docBySlug, docByTopic, type DocInfo } from './documents';
import type { DocSlug } from './schema';

const CONTENT_DIR = path.join(process.cwd(), 'content', 'dokumentacia');
const TOKEN = /\{\{(BASE_URL|CONTACT|MANIFEST_REFRESH)\}\}/g;

/** `každých 6 hodín`, `každú hodinu`, `každých 90 minút`; 0 = refresh switched off. */
export function describeRefreshInterval(minutes: number): string {
  if (minutes <= 0) return 'len na žiadosť prevádzkovateľa (automatické obnovovanie je vypnuté)';
  if (minutes < 1) {
    // Fractions of a minute are for tests of the refresh loop.
    const s = Math.max(1, Math.round(minutes * 60));
    return s === 1 ? 'každú sekundu' : s < 5 ? `každé ${s} sekundy` : `každých ${s} sekúnd`;
  }
  minutes = Math.round(minutes);
  if (minutes % 60 === 0) {
    const h = minutes / 60;
    if (h === 1) return 'každú hodinu';
    return h < 5 ? `každé ${h} hodiny` : `každých ${h} hodín`;
  }
  if (minutes === 1) return 'každú minútu';
  return minutes < 5 ? `každé ${minutes} minúty` : `každých ${minutes} minút`;
}

function contactText(e: { operatorName?: string; contactEmail?: string; contactPhone?: string }): string {
  const who = e.operatorName ? `Portál prevádzkuje ${e.operatorName}. ` : '';
  const ways = [
    e.contactEmail ? `e-mailom na [${e.contactEmail}](mailto:${e.contactEmail})` : undefined,
    e.contactPhone ? `telefonicky na čísle ${e.contactPhone}` : undefined,
  ].filter(Boolean);
  return ways.length > 0
    ? `${who}Prevádzkovateľa portálu zastihnete ${ways.join(' alebo ')}. Problém so stránkou alebo s dátami môžete nahlásiť aj formulárom „Nahlásiť problém“ v päte každej stránky.`
    : `${who}Prevádzkovateľ tejto inštancie portálu zatiaľ neuviedol kontaktnú adresu; problém môžete nahlásiť formulárom „Nahlásiť problém“ v päte každej stránky.`;
}

/** Replaces the tokens with this instance's origin, contact and refresh interval. */
function expandTokens(text: string, base = env().publicBaseUrl): string {
  const e = env();
  return text.replace(TOKEN, (_, name: string) =>
    name === 'BASE_URL' ? base : name === 'CONTACT' ? contactText(e) : describeRefreshInterval(e.manifestRefreshMinutes),
  );
}

/** The raw file (token not expanded); for tests and tooling. */
export async function readDocumentSource(slug: DocSlug): Promise<string> {
  return readFile(path.join(CONTENT_DIR, `${slug}.md`), 'utf8');
}

/** The markdown of one document with absolute addresses, exactly as served at /dokumentacia/{slug}.md. */
export async function getDocumentMarkdown(slug: DocSlug): Promise<string> {
  return expandTokens(await readDocumentSource(slug));
}

/** A document by slug; unknown slug -> ApiError not_found. */
export async function loadDocument(slug: string): Promise<{ info: DocInfo; markdown: string }> {
  const info = docBySlug(slug);
  if (!info) throw new ApiError('not_found', `Unknown document "${slug}".`, { extra: { available: DOCS.map((d) => d.slug) } });
  return { info, markdown: await getDocumentMarkdown(info.slug) };
}

/**
 * The document for an MCP `documentation` topic (ai-agents, ai-assistants, protocol, providers, api,
 * about); unknown topic -> ApiError invalid_input listing the topics.
 */
export async function loadDocumentByTopic(topic: string): Promise<{ info: DocInfo; markdown: string }> {
  const info = docByTopic(topic);
  if (!info) {
    throw new ApiError('invalid_input', `Unknown documentation topic "${topic}".`, {
      extra: { available: DOCS.map((d) => d.topic) },
    });
  }
  return { info, markdown: await getDocumentMarkdown(info.slug) };
}
