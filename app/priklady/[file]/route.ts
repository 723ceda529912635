// GET /priklady/{file}.json: valid sample manifests and data; the data samples also work as the
// endpoints of the built-in `priklady` provider (they honour `limit` and the sample parameters).
import { preflight, route } from '@/lib/http';
import { handleExampleRequest } from '@/lib/protocol/examples';

export const GET = route(async (req) => handleExampleRequest(new URL(req.url)));
export const OPTIONS = preflight;
