// The portal's documents by slug and by topic, and the answer of the MCP tool `documentation`: one zod
// schema, and the type is its `z.output` (lib/operation/README.md); the documents' table
// (./documents.ts) is typed from it.
import { z } from 'zod';

export const DOC_SLUGS = ['pre-ai-agentov', 'ai-asistenti', 'pre-poskytovatelov', 'protokol', 'api', 'o-projekte'] as const;
export type DocSlug = (typeof DOC_SLUGS)[number];

/** Topic names of the MCP `documentation` tool, in the spec's order. */
export const DOC_TOPICS = ['ai-agents', 'ai-assistants', 'protocol', 'providers', 'api', 'about'] as const;

export const documentationResult = z.object({
  topic: z.enum(DOC_TOPICS),
  slug: z.enum(DOC_SLUGS).describe('The document at `/dokumentacia/{slug}.md`.'),
  title: z.string(),
  markdown: z.string().describe('The document (Slovak markdown).'),
});

export type DocumentationResult = z.output<typeof documentationResult>;
