// `/poskytovatelia/<id>`: a provider's own page (approval and history, dataset health, cache, use,
// pending changes); the same service as GET /api/providers/{id}.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { Breadcrumbs } from '@/components/site/chrome';
import { ProblemPage } from '@/components/site/problem-page';
import { ProviderDashboardView } from '@/components/site/provider-dashboard';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import { isApiError } from '@/lib/errors';
import { codeText } from '@/lib/map/messages';
import { providerDashboard } from '@/lib/providers/dashboard';
import type { ProviderDashboard } from '@/lib/providers/schema';

export const dynamic = 'force-dynamic';

type Params = { id: string };

/**
 * The dashboard, once per request (React's `cache`: the metadata and the page ask for the same);
 * null for an unknown provider; 'unavailable' while the database does not answer, which the page
 * says in Slovak instead of the site's generic error page.
 */
const load = cache(async (id: string): Promise<ProviderDashboard | null | 'unavailable'> => {
  if (!/^[a-z0-9-]{1,64}$/.test(id)) return null;
  try {
    return await providerDashboard({ id });
  } catch (err) {
    if (isApiError(err) && err.code === 'unknown_provider') return null;
    if (isDatabaseUnavailable(err)) return 'unavailable';
    throw err;
  }
});

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { id } = await params;
  const d = await load(id);
  if (d === 'unavailable') return { title: 'Stránka poskytovateľa je dočasne nedostupná', robots: { index: false } };
  if (!d) return { title: 'Stránka sa nenašla', robots: { index: false } };
  return {
    title: `${d.name} – poskytovateľ dát`,
    description: `Stav schválenia, dostupnosť zdrojov a využitie dát poskytovateľa ${d.name} na portáli.`,
    alternates: { canonical: `/poskytovatelia/${d.id}` },
    // Pages of providers awaiting approval or rejected are not for search engines.
    ...(d.approval === 'approved' ? {} : { robots: { index: false, follow: false } }),
  };
}

export async function ProviderPage({ id }: { id: string }) {
  const d = await load(id);
  if (d === 'unavailable') {
    return (
      <ProblemPage title="Stránka poskytovateľa je dočasne nedostupná" testId="provider-unavailable">
        <p className="lead">{codeText('database_unavailable')} Stav schválenia, dostupnosť zdrojov a využitie dát teraz nevieme ukázať.</p>
      </ProblemPage>
    );
  }
  if (!d) notFound();
  return (
    <>
      <main className="page" data-testid="provider-page">
        <Breadcrumbs items={[{ href: '/poskytovatelia', label: 'Pre poskytovateľov' }, { label: d.name }]} />
        <ProviderDashboardView d={d} />
      </main>
    </>
  );
}

export default async function Page({ params }: { params: Promise<Params> }) {
  const { id } = await params;
  return ProviderPage({ id });
}
