// GET /api/providers/{id}: a provider's dashboard (the page /poskytovatelia/<id> shows the same), a declared operation.
import { z } from 'zod';
import { defineOperation } from '@/lib/operation/define';
import { idSchema } from '@/lib/operation/fields';
import { providerDashboard } from './dashboard';
import { providerDashboard as dashboardSchema } from './schema';

export const providerDashboardOperation = defineOperation({
  id: 'getProvider',
  tags: ['registration'],
  summary: 'One provider: approval, history, health, cache, use and changes',
  description:
    'What the portal knows of a provider: its approval and the history of every state change, each dataset with its health (availability, latency, last error with the HTTP status), the answers the portal holds for it and the answers served with its data per day (30 days), the changes of a manifest awaiting approval against the approved one, and the e-mails sent to its contact address. Public, like the catalog.',
  input: z.object({ id: idSchema.describe('Provider id.') }),
  output: dashboardSchema,
  invalidCode: 'invalid_input',
  errors: ['unknown_provider'],
  rest: { method: 'get', path: '/api/providers/{id}', from: 'query', pathParams: ['id'] },
  run: ({ id }) => providerDashboard({ id }),
});
