// MCP tool `documentation`: the portal's documents as markdown (same files as /dokumentacia/*.md).
import { documentationOperation } from '@/lib/docs/operation';
import { defineTool, READ_ONLY } from '../tool';

export const documentationTool = defineTool({
  name: 'documentation',
  title: 'Dokumentácia portálu',
  description:
    'Returns one of the portal documents as Slovak markdown (`markdown`). Start with `ai-agents` to learn the tools and endpoints; `protocol` documents every manifest and data field; `providers` is the step-by-step guide for data providers; `api` lists the REST endpoints; `ai-assistants` explains connecting an assistant; `about` describes the project, sources and licences.',
  annotations: READ_ONLY,
  operation: documentationOperation,
  headline: (r) => `${r.title} (/dokumentacia/${r.slug}.md)`,
});
