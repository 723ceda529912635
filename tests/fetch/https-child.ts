// Runs safeFetch in a child process that trusts a test CA (NODE_EXTRA_CA_CERTS is read only at
// process start, so the parent test cannot trust it itself). Prints one JSON line per URL.
import { safeFetch } from '@/lib/fetch';

const urls = process.argv.slice(2);
for (const url of urls) {
  try {
    const r = await safeFetch(url, { timeoutMs: 5000 });
    console.log(JSON.stringify({ url, status: r.status, body: r.body.toString('utf8'), redirects: r.redirects }));
  } catch (e) {
    const err = e as { code?: string; reason?: string; message?: string };
    console.log(JSON.stringify({ url, code: err.code, reason: err.reason, message: err.message }));
  }
}
