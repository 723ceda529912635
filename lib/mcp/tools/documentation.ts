// MCP tool `documentation`: the portal's documents as markdown (same files as /dokumentacia/*.md).
import { documentationOperation } from '@/lib/docs/operation';
import { defineTool, READ_ONLY } from '../tool';

export const documentationTool = defineTool({
  name: 'documentation',
  title: 'Dokumentácia portálu',
  description:
    'A portal document as Slovak markdown: `ai-agents` (the tools and endpoints; start here), `ai-assistants`, `protocol` (every manifest and data field), `providers`, `api`, `about`.',
  annotations: READ_ONLY,
  operation: documentationOperation,
  headline: (r) => `${r.title} (/dokumentacia/${r.slug}.md)`,
});
