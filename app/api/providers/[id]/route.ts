// GET /api/providers/{id}: a provider's approval, history, dataset health, cache, use and pending changes.
import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { providerDashboardOperation } from '@/lib/providers/dashboard-operation';

export const dynamic = 'force-dynamic';

export const GET = route<{ id: string }>(async (req, { params }) => Response.json(await runRest(providerDashboardOperation, req, await params)));

export const OPTIONS = preflight;
