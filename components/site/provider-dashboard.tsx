// A provider's own page (/poskytovatelia/<id>): approval and its history, each dataset's health,
// cache and use, the changes of a manifest awaiting approval, the e-mails sent to it, and how to act
// (withdraw, move, refresh) with proof of control. Server-rendered from providerDashboard().
import Link from 'next/link';
import { availability, latency, LastError, Status, when } from '@/components/site/health';
import { formatNumber } from '@/lib/map/format';
import { describeChange } from '@/lib/providers/diff';
import type { ProviderDashboard } from '@/lib/providers/schema';

const APPROVAL_LABELS: Record<ProviderDashboard['approval'], string> = {
  pending_review: 'čaká na schválenie',
  approved: 'schválený',
  rejected: 'zamietnutý',
};

const ACTION_LABELS: Record<string, string> = {
  registered: 'registrácia',
  approved: 'schválenie',
  rejected: 'zamietnutie',
  unrejected: 'zrušenie zamietnutia',
  manifest_changed: 'zmena manifestu',
  refresh_failed: 'stiahnutie manifestu zlyhalo',
  refreshed: 'manifest opäť v poriadku',
  seeded: 'vstavaný obsah',
  withdrawn: 'stiahnutie z portálu',
  moved: 'nová adresa manifestu',
  refresh_requested: 'obnova na žiadosť',
};

const ACTOR_LABELS: Record<string, string> = {
  registration: 'registrácia',
  operator: 'prevádzkovateľ',
  refresh: 'obnova',
  seed: 'portál',
  provider: 'poskytovateľ',
};

const MANIFEST_STATUS: Record<string, string> = {
  ok: 'posledné stiahnutie v poriadku',
  invalid_manifest: 'posledný stiahnutý manifest je neplatný (zobrazuje sa posledný platný)',
  id_mismatch: 'posledný stiahnutý manifest má iné ID poskytovateľa',
  source_unreachable: 'manifest sa naposledy nepodarilo stiahnuť',
};

export function ProviderDashboardView({ d }: { d: ProviderDashboard }) {
  const maxDay = Math.max(1, ...d.usage.map((u) => u.total));
  const total30 = d.usage.reduce((s, u) => s + u.total, 0);
  return (
    <>
      <h1>{d.name}</h1>
      <dl className="stats" data-testid="provider-state">
        <div>
          <dt>Stav schválenia</dt>
          <dd style={{ fontSize: 16 }} data-testid="provider-approval" data-approval={d.approval}>
            {APPROVAL_LABELS[d.approval]}
            {d.changedAwaitingApproval ? ' (zmena čaká na schválenie)' : ''}
          </dd>
        </div>
        <div>
          <dt>Zdroje</dt>
          <dd style={{ fontSize: 16 }}>
            <Status status={d.health.status} />
          </dd>
        </div>
        <div>
          <dt>Posledná obnova manifestu</dt>
          <dd style={{ fontSize: 16 }}>{when(d.lastRefresh)}</dd>
        </div>
        <div>
          <dt>Využitie za 30 dní</dt>
          <dd data-testid="provider-usage-total">{formatNumber(total30)}</dd>
        </div>
      </dl>
      <p>
        ID <code>{d.id}</code>
        {d.manifestUrl ? (
          <>
            {' '}
            · manifest <code style={{ wordBreak: 'break-all' }}>{d.manifestUrl}</code>
          </>
        ) : null}{' '}
        · {MANIFEST_STATUS[d.manifestStatus] ?? d.manifestStatus}
        {d.manifestStatusMessage ? ` (${d.manifestStatusMessage})` : ''}
        {d.rejectedReason ? ` · dôvod zamietnutia: ${d.rejectedReason}` : ''}
      </p>

      <h2>Datasety</h2>
      <table className="data" data-testid="provider-datasets">
        <thead>
          <tr>
            <th scope="col">Dataset</th>
            <th scope="col">Stav</th>
            <th scope="col" className="num">
              Dostupnosť 24 h
            </th>
            <th scope="col" className="num">
              Odozva p50 / p95
            </th>
            <th scope="col">Posledná chyba</th>
            <th scope="col">Vyrovnávacia pamäť</th>
            <th scope="col" className="num">
              Požiadavky 30 dní
            </th>
          </tr>
        </thead>
        <tbody>
          {d.datasets.map((ds) => (
            <tr key={ds.id} data-testid="provider-dataset" data-dataset={ds.id}>
              <th scope="row" style={{ fontWeight: 'normal' }}>
                <Link href={ds.link}>{ds.title}</Link>
                {!ds.approved && <div className="muted small">čaká na schválenie</div>}
              </th>
              <td>
                <Status status={ds.health.status} />
              </td>
              <td className="num">{availability(ds.health.last24h)}</td>
              <td className="num">{latency(ds.health.last24h)}</td>
              <td>
                <LastError h={ds.health} />
              </td>
              <td>
                {ds.sourceType === 'raster'
                  ? 'dlaždice číta prehliadač priamo'
                  : ds.cache.entries
                    ? `${formatNumber(ds.cache.entries)} odpovedí (${formatNumber(ds.cache.fresh)} čerstvých), najnovšia ${when(ds.cache.newest)}`
                    : 'prázdna'}
              </td>
              <td className="num" data-testid="provider-dataset-requests">
                {formatNumber(ds.requests30d)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Využitie dát po dňoch</h2>
      <p className="muted">Odpovede, ktoré portál obslúžil s vašimi dátami (mapa, API, OGC API, MCP, súhrny), za posledných 30 dní.</p>
      <div role="img" aria-label={`Využitie za 30 dní spolu ${formatNumber(total30)} požiadaviek`} style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 80 }}>
        {d.usage.map((u) => (
          <div key={u.day} title={`${u.day}: ${formatNumber(u.total)}`} style={{ flex: 1, background: '#1f78b4', height: `${Math.max(u.total ? 4 : 1, (u.total / maxDay) * 80)}px`, opacity: u.total ? 1 : 0.2 }} />
        ))}
      </div>

      {d.changes.length > 0 && (
        <section id="zmeny" data-testid="provider-changes">
          <h2>Zmeny čakajúce na schválenie</h2>
          <p>Portál zobrazuje naposledy schválený manifest; tieto zmeny začnú platiť po schválení prevádzkovateľom.</p>
          <ul>
            {d.changes.map((c) => (
              <li key={`${c.kind}:${c.path}`}>
                <code style={{ wordBreak: 'break-all' }}>{describeChange(c)}</code>
              </li>
            ))}
          </ul>
        </section>
      )}

      <h2>História</h2>
      <table className="data" data-testid="provider-history">
        <thead>
          <tr>
            <th scope="col">Čas</th>
            <th scope="col">Udalosť</th>
            <th scope="col">Stav</th>
            <th scope="col">Kto</th>
          </tr>
        </thead>
        <tbody>
          {[...d.history].reverse().map((e, i) => (
            <tr key={i}>
              <td>{when(e.at)}</td>
              <td>{ACTION_LABELS[e.action] ?? e.action}</td>
              <td>{e.from && e.to && e.from !== e.to ? `${APPROVAL_LABELS[e.from as ProviderDashboard['approval']] ?? e.from} → ${APPROVAL_LABELS[e.to as ProviderDashboard['approval']] ?? e.to}` : (APPROVAL_LABELS[e.to as ProviderDashboard['approval']] ?? '')}</td>
              <td>{ACTOR_LABELS[e.by] ?? e.by}</td>
            </tr>
          ))}
        </tbody>
      </table>

      {!d.builtIn && d.origin && (
        <section data-testid="provider-actions">
          <h2>Stiahnutie, nová adresa manifestu, obnova</h2>
          <p>
            Za poskytovateľa koná ten, kto ovláda web <code>{d.origin}</code>: portál dá token, vy ho zverejníte na tomto webe a portál
            akciu vykoná, až keď si token stiahne.
          </p>
          <ol>
            <li>
              <code>POST /api/providers/{d.id}/challenges</code> s telom <code>{'{"action": "withdraw"}'}</code> (alebo <code>refresh</code>, alebo{' '}
              <code>move</code> s <code>manifestUrl</code>) vráti token.
            </li>
            <li>
              Súbor s obsahom len tokenu zverejnite na <code style={{ wordBreak: 'break-all' }}>{`${d.origin}/.well-known/geodata-portal/<token>`}</code>.
            </li>
            <li>
              <code>POST /api/providers/{d.id}/challenges/&lt;token&gt;</code> (bez tela) akciu vykoná.
            </li>
          </ol>
          <p>
            Podrobne v <Link href="/dokumentacia/pre-poskytovatelov">dokumentácii pre poskytovateľov</Link>.
          </p>
        </section>
      )}

      {d.notifications.length > 0 && (
        <>
          <h2>Správy na kontaktný e-mail</h2>
          <ul data-testid="provider-notifications">
            {d.notifications.map((n, i) => (
              <li key={i}>
                {when(n.createdAt)}: {n.subject} ({n.sentAt ? (n.via === 'log' ? 'zapísaná do záznamu portálu' : 'odoslaná') : 'čaká na odoslanie'})
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
