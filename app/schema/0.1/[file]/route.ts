// GET /schema/0.1/{manifest|data|provider-openapi}.json: the protocol's public contract.
import { preflight, route } from '@/lib/http';
import { schemaResponse } from '@/lib/protocol/schemas';

export const GET = route<{ file: string }>(async (_req, { params }) => schemaResponse((await params).file));
export const OPTIONS = preflight;
