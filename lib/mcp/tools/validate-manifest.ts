// MCP tool `validate_manifest`: static check of a manifest object, or the live test of a manifest URL.
import { validateManifestOperation } from '@/lib/validator/operation';
import { defineTool, READ_ONLY_OPEN } from '../tool';

export const validateManifestTool = defineTool({
  name: 'validate_manifest',
  title: 'Kontrola manifestu',
  description:
    'Checks a provider manifest: `manifest` (the object; static check) or `manifestUrl` (live test: downloads it and sends each dataset a test query). Exactly one of them. Answers a validator report { valid, summary, errors[], warnings[] }.',
  annotations: READ_ONLY_OPEN,
  operation: validateManifestOperation,
  headline: (r) => r.summary,
});
