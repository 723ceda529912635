// MCP tool `documentation`: the portal's documents as markdown (same files as /dokumentacia/*.md).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { DOC_TOPICS } from '@/lib/docs/documents';
import { loadDocumentByTopic } from '@/lib/docs/load';
import { markdownResult, READ_ONLY, runTool } from '../result';

export function registerDocumentationTool(server: McpServer): void {
  server.registerTool(
    'documentation',
    {
      title: 'Dokumentácia portálu',
      description:
        'Returns one of the portal documents as Slovak markdown. Start with `ai-agents` to learn the tools and endpoints; `protocol` documents every manifest and data field; `providers` is the step-by-step guide for data providers; `api` lists the REST endpoints; `ai-assistants` explains connecting an assistant; `about` describes the project, sources and licences.',
      inputSchema: {
        topic: z
          .string()
          .describe(`Document to return, one of: ${DOC_TOPICS.join(', ')}.`),
      },
      annotations: READ_ONLY,
    },
    runTool(async ({ topic }: { topic: string }) => {
      const { info, markdown } = await loadDocumentByTopic(topic);
      return markdownResult(markdown, { topic, slug: info.slug, title: info.title });
    }),
  );
}
