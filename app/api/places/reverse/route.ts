// GET /api/places/reverse: where a point is (municipality, cadastral territory, nearest street or part)
import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { reverseOperation } from '@/lib/places/operation';

export const dynamic = 'force-dynamic';

export const GET = route(async (req) => Response.json(await runRest(reverseOperation, req)));

export const OPTIONS = preflight;
