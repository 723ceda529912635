// A self-signed certificate for 127.0.0.1, made with openssl once per machine, for the test WMS of
// citizen.spec: the protocol requires https tile templates, so that service runs behind HTTPS and
// the portal trusts this certificate through NODE_EXTRA_CA_CERTS (set in playwright.config.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DIR = path.join(os.tmpdir(), 'portal-e2e-tls');
export const TLS_CERT = path.join(DIR, 'cert.pem');
const TLS_KEY = path.join(DIR, 'key.pem');

/** Makes the certificate when missing; false when openssl is not available. */
export function ensureTestCertificate(): boolean {
  if (existsSync(TLS_CERT) && existsSync(TLS_KEY)) return true;
  try {
    mkdirSync(DIR, { recursive: true });
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', TLS_KEY, '-out', TLS_CERT, '-days', '30',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    ], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

export function testCertificate(): { cert: Buffer; key: Buffer } {
  return { cert: readFileSync(TLS_CERT), key: readFileSync(TLS_KEY) };
}
