// MCP tool `register_provider`: the same registration as POST /api/registration.
import { registrationOperation } from '@/lib/providers/operation';
import { registrationResult } from '@/lib/providers/schema';
import { absolute, registrationAbsoluteLinks } from '../links';
import { defineTool } from '../tool';

export const registerProviderTool = defineTool({
  name: 'register_provider',
  title: 'Registrácia poskytovateľa',
  description:
    'Registers a data provider by the https URL of its manifest. The portal runs the live test first; on success the provider is registered as awaiting operator approval (status pending_review) and its data are not in the catalog until approved. Calling again with the same URL reports the current status; a manifest changed since the portal last read it is noticed (`changed: true`) and awaits approval again, while the approved content stays served. `links` are paths, `absoluteLinks` whole URLs. Errors: invalid_input, invalid_url, manifest_rejected (report in check), id_taken, url_registered, rejected, too_many_requests, queue_full, registration_unavailable.',
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
