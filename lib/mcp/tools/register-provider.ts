// MCP tool `register_provider`: the same registration as POST /api/registration.
import { registrationOperation } from '@/lib/providers/operation';
import { registrationResult } from '@/lib/providers/schema';
import { absolute, registrationAbsoluteLinks } from '../links';
import { defineTool } from '../tool';

export const registerProviderTool = defineTool({
  name: 'register_provider',
  title: 'Registrácia poskytovateľa',
  description:
    'Registers a provider by the https URL of its manifest: after a live test it awaits operator approval (`pending_review`). Calling again reports the status (`changed: true` when the manifest changed). The error codes are in documentation topic `api`.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  operation: registrationOperation,
  context: ({ clientAddress }) => ({ clientAddress }),
  output: registrationResult.extend({ absoluteLinks: registrationAbsoluteLinks }),
  structured: (r, { baseUrl }) => ({
    ...r,
    absoluteLinks: { review: absolute(baseUrl, r.links.review), datasets: r.links.datasets.map((l) => absolute(baseUrl, l)) },
  }),
  headline: (r) => r.message,
});
