// The portal's six documentation documents: their slugs (URL /dokumentacia/{slug}), the MCP
// `documentation` tool topic each answers, and the Slovak title and summary used by the docs index,
// llms.txt and index.md. The texts live in content/dokumentacia/{slug}.md; the slugs and topics are
// the documentation answer's (./schema.ts).
import { DOC_SLUGS, type DocSlug, type DocumentationResult } from './schema';

/** A document: its slug, topic and title as the documentation answer names them, and `summary`, one sentence: who it is for and what it answers. */
export type DocInfo = Pick<DocumentationResult, 'slug' | 'topic' | 'title'> & { summary: string };

export const DOCS: readonly DocInfo[] = [
  {
    slug: 'pre-ai-agentov',
    topic: 'ai-agents',
    title: 'Pre AI agentov',
    summary: 'Nástroje MCP a REST API portálu s postupmi a skutočnými príkladmi volaní a odpovedí.',
  },
  {
    slug: 'ai-asistenti',
    topic: 'ai-assistants',
    title: 'AI asistenti',
    summary: 'Ako pripojiť Claude, ChatGPT a iných asistentov k MCP serveru portálu a na čo sa ich pýtať.',
  },
  {
    slug: 'pre-poskytovatelov',
    topic: 'providers',
    title: 'Pre poskytovateľov dát',
    summary: 'Krok za krokom od prvého manifestu cez validátor k registrácii, schváleniu a obnovovaniu.',
  },
  {
    slug: 'protokol',
    topic: 'protocol',
    title: 'Protokol 0.1',
    summary: 'Každé pole manifestu a dátovej odpovede protokolu 0.1 vrátane parametrov, polí a prezentácie.',
  },
  {
    slug: 'api',
    topic: 'api',
    title: 'API',
    summary: 'Všetky koncové body portálu s parametrami, odpoveďami, kódmi chýb a limitmi.',
  },
  {
    slug: 'o-projekte',
    topic: 'about',
    title: 'O projekte',
    summary: 'Účel portálu, zdroje a licencie, ako funguje register a schvaľovanie, kontakt.',
  },
];

export function isDocSlug(value: string): value is DocSlug {
  return (DOC_SLUGS as readonly string[]).includes(value);
}

export function docBySlug(slug: string): DocInfo | null {
  return DOCS.find((d) => d.slug === slug) ?? null;
}

export function docByTopic(topic: string): DocInfo | null {
  return DOCS.find((d) => d.topic === topic) ?? null;
}

/** Absolute-path links of a document (HTML page and its markdown twin). */
export function docPaths(slug: DocSlug): { html: string; markdown: string } {
  return { html: `/dokumentacia/${slug}`, markdown: `/dokumentacia/${slug}.md` };
}
