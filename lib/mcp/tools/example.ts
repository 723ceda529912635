// MCP tool `example`: valid sample manifests and data responses (as served under /priklady/).
import { exampleOperation } from '@/lib/protocol/operation';
import { defineTool, READ_ONLY } from '../tool';

export const exampleTool = defineTool({
  name: 'example',
  title: 'Vzorový manifest alebo dáta',
  description:
    'A valid sample to start from: `manifest-minimal`, `manifest-complete`, `data-points`, `data-polygons`. Unknown: `unknown_example` with `available`.',
  annotations: READ_ONLY,
  operation: exampleOperation,
  headline: (_r, { name }) => `Vzor ${name} (/priklady/${name}.json)`,
});
