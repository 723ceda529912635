// /stav-zdrojov: public health of every approved provider and dataset, from the portal's own records
// of the requests it made to them (lib/health): availability over 24 h and 7 days, p50/p95 latency,
// last success and last error with its code. The same figures are in GET /api/catalog (`health`)
// and in the MCP `catalog` answer.
import type { Metadata } from 'next';
import Link from 'next/link';
import { availability, dateFormat, LastError, latency, Status, when } from '@/components/site/health';
import { HEALTH_RETENTION_DAYS, type SourceHealth } from '@/lib/health';
import { providerHealthReport } from '@/lib/providers/health-report';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Stav zdrojov dát',
  description: 'Dostupnosť a rýchlosť zdrojov dát portálu za posledných 24 hodín a 7 dní, posledná úspešná požiadavka a posledná chyba.',
  alternates: { canonical: '/stav-zdrojov' },
};

function Cells({ h }: { h: SourceHealth }) {
  return (
    <>
      <td>
        <Status status={h.status} />
      </td>
      <td className="num">{availability(h.last24h)}</td>
      <td className="num">{availability(h.last7d)}</td>
      <td className="num">{latency(h.last24h)}</td>
      <td>{when(h.lastSuccess)}</td>
      <td>
        <LastError h={h} />
      </td>
    </>
  );
}

export default async function SourceHealthPage() {
  const report = await providerHealthReport();
  return (
    <>
      <main className="page" data-testid="health-page">
        <h1>Stav zdrojov dát</h1>
        <p className="lead">
          Portál dáta nekopíruje, číta ich od poskytovateľov. Každú požiadavku na zdroj (dáta, obnovu manifestu, dopyt v
          bode) si zaznamená a tu ukazuje, ako zdroje odpovedali. Aktualizované {dateFormat.format(new Date(report.generated))}.
        </p>
        <p>
          Dostupnosť je podiel úspešných požiadaviek (v zátvorke ich počet), rýchlosť je medián a 95. percentil času
          úspešnej odpovede za 24 hodín. Stav <Status status="unavailable" legend /> znamená, že posledné 3 požiadavky za
          poslednú hodinu zlyhali, <Status status="degraded" legend />, že niektorá z posledných 10 zlyhala, odpovede sú
          pomalé alebo sa nepodarilo stiahnuť manifest. Záznamy uchovávame {HEALTH_RETENTION_DAYS} dní. Údaje sú aj v{' '}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a JSON API route, not a page: a full load is meant */}
          <a href="/api/catalog">katalógu API</a> (pole <code>health</code>).
        </p>
        {report.providers.length === 0 && <p>Portál zatiaľ nemá schválených poskytovateľov.</p>}
        {report.providers.map((p) => (
          <section key={p.id} id={p.id} data-testid="health-provider" data-provider={p.id}>
            <h2>
              {p.name} <small className="muted">({p.id})</small>
            </h2>
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">Zdroj</th>
                  <th scope="col">Stav</th>
                  <th scope="col" className="num">
                    Dostupnosť 24 h
                  </th>
                  <th scope="col" className="num">
                    Dostupnosť 7 dní
                  </th>
                  <th scope="col" className="num">
                    Odozva p50 / p95
                  </th>
                  <th scope="col">Posledný úspech</th>
                  <th scope="col">Posledná chyba</th>
                </tr>
              </thead>
              <tbody>
                <tr data-testid="health-provider-row">
                  <th scope="row">Poskytovateľ spolu</th>
                  <Cells h={p.health} />
                </tr>
                {p.datasets.map((d) => (
                  <tr key={d.key} data-testid="health-dataset-row" data-dataset={d.key}>
                    <th scope="row" style={{ fontWeight: 'normal' }}>
                      <Link href={`/mapa/${p.id}/${d.id}`}>{d.title}</Link>
                      {d.sourceType === 'raster' && <span className="muted"> (dlaždice)</span>}
                    </th>
                    <Cells h={d.health} />
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
        <p className="muted">
          Rastrové dlaždice si prehliadač načítava priamo od poskytovateľa; portál vidí len dopyty v bode
          („Čo je tu?“). Dataset bez záznamov portál v sledovanom období nežiadal.
        </p>
      </main>
    </>
  );
}
