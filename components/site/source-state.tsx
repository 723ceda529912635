// A source's state next to a dataset on the site's pages (a composed map's list): nothing while it
// answers; when the portal's recent requests to it failed, that it does not answer now, in Slovak
// from the one code table, and since when, so a layer left empty on the map never reads as
// "nothing here".
import type { SourceHealth } from '@/lib/health/schema';
import { failureText } from '@/lib/map/messages';
import { dateFormat } from './health';

export function SourceState({ health, source }: { health: SourceHealth; source: string }) {
  if (health.status === 'ok') return null;
  const text = health.lastError ? failureText(health.lastError.code, source) : 'Zdroj teraz odpovedá len občas.';
  return (
    <div className={health.status === 'degraded' ? 'warning small' : 'failure small'} role="note" data-testid="source-state" data-status={health.status}>
      {text}
      {health.lastError && <span className="muted"> Posledná chyba: {dateFormat.format(new Date(health.lastError.at))}.</span>}
    </div>
  );
}
