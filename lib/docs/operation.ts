// The MCP tool `documentation`: the portal's documents as markdown (lib/operation).
import { z } from 'zod';
import { defineOperation } from '@/lib/operation/define';
import { loadDocumentByTopic } from './load';
import { DOC_TOPICS, documentationResult } from './schema';

const documentationInput = z.object({
  topic: z
    .enum(DOC_TOPICS, { message: `expected one of ${DOC_TOPICS.join(', ')}` })
    .describe('`ai-agents` (tools and endpoints), `ai-assistants` (connecting an assistant), `protocol` (every manifest and data field), `providers` (guide for data providers), `api` (REST endpoints), `about` (the project, sources, licences).'),
});

export const documentationOperation = defineOperation({
  id: 'documentation',
  summary: 'A portal document as markdown',
  description: 'The same text as `/dokumentacia/{slug}.md`.',
  input: documentationInput,
  output: documentationResult,
  errors: [],
  run: async ({ topic }) => {
    const { info, markdown } = await loadDocumentByTopic(topic);
    return { topic, slug: info.slug, title: info.title, markdown };
  },
});
