// POST /api/providers/{id}/challenges: a token for a provider's own action (withdraw, move, refresh).
import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { createChallengeOperation } from '@/lib/providers/actions-operation';

export const dynamic = 'force-dynamic';

export const POST = route<{ id: string }>(async (req, { params }) => Response.json(await runRest(createChallengeOperation, req, await params), { status: 201 }));

export const OPTIONS = preflight;
