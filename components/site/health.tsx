// Provider health as the site shows it (/stav-zdrojov, a provider's page): the Slovak status label
// with its colour, availability, latency and the last error with its HTTP status.
import type { HealthStatus, SourceHealth, WindowFigures } from '@/lib/health/schema';
import { formatNumber } from '@/lib/map/format';

const STATUS_LABELS: Record<HealthStatus, string> = {
  ok: 'v poriadku',
  degraded: 'obmedzený',
  unavailable: 'nedostupný',
  invalid_manifest: 'neplatný manifest',
  id_mismatch: 'manifest iného poskytovateľa',
};

const STATUS_COLORS: Record<HealthStatus, string> = {
  ok: '#2f7d4f',
  degraded: '#8a5300',
  unavailable: '#b42318',
  invalid_manifest: '#b42318',
  id_mismatch: '#b42318',
};

export const dateFormat = new Intl.DateTimeFormat('sk-SK', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Bratislava' });

export function Status({ status, legend = false }: { status: HealthStatus; legend?: boolean }) {
  return (
    <span
      {...(legend ? {} : { 'data-testid': 'health-status', 'data-status': status })}
      style={{ color: STATUS_COLORS[status], fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      <span aria-hidden="true">● </span>
      {STATUS_LABELS[status]}
    </span>
  );
}

export function availability(w: WindowFigures): string {
  if (w.availability === null) return '–';
  return `${formatNumber(w.availability * 100, 1)} % (${formatNumber(w.requests)})`;
}

export function latency(w: WindowFigures): string {
  if (w.p50Ms === null || w.p95Ms === null) return '–';
  return `${formatNumber(w.p50Ms)} / ${formatNumber(w.p95Ms)} ms`;
}

export function when(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : '–';
}

export function LastError({ h }: { h: SourceHealth }) {
  if (!h.lastError) return <>–</>;
  return (
    <>
      {dateFormat.format(new Date(h.lastError.at))} <code>{h.lastError.code}</code>
      {h.lastError.httpStatus !== null && <span data-testid="health-http-status"> (HTTP {h.lastError.httpStatus})</span>}
    </>
  );
}
