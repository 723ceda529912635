// MCP tool `validate_manifest`: static check of a manifest object, or the live test of a manifest URL.
import { validateManifestOperation } from '@/lib/validator/operation';
import { defineTool, READ_ONLY_OPEN } from '../tool';

export const validateManifestTool = defineTool({
  name: 'validate_manifest',
  title: 'Kontrola manifestu',
  description:
    'Checks a provider manifest. Give `manifest` (the manifest JSON object) for a static check against protocol 0.1, or `manifestUrl` (https URL of a published manifest) for the live test: the portal downloads it and sends each dataset the test query it would send itself. Returns a validator report { valid, summary, errors[], warnings[] } (the live test also provider and datasets[] with request, durationMs, featureCount). Give exactly one of the two (else invalid_input).',
  annotations: READ_ONLY_OPEN,
  operation: validateManifestOperation,
  headline: (r) => r.summary,
});
