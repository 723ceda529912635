// `/poskytovatelia/<id>`: a provider's own page (approval and history, dataset health, cache, use,
// pending changes); the same service as GET /api/providers/{id}.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { Breadcrumbs } from '@/components/site/chrome';
import { ProblemPage } from '@/components/site/problem-page';
import { ProviderDashboardView } from '@/components/site/provider-dashboard';
import { PROVIDER_UNAVAILABLE_TEXT, providerForPage } from '@/lib/pages/site-data';

export const dynamic = 'force-dynamic';

type Params = { id: string };

const UNAVAILABLE_TITLE = 'Stránka poskytovateľa je dočasne nedostupná';

/** The dashboard once per request (React's `cache`: the metadata and the page ask for the same). */
const load = cache(providerForPage);

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { id } = await params;
  const { dashboard: d, unavailable } = await load(id);
  if (unavailable) return { title: UNAVAILABLE_TITLE, robots: { index: false } };
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
  const { dashboard: d, unavailable } = await load(id);
  if (unavailable) {
    return (
      <ProblemPage title={UNAVAILABLE_TITLE} testId="provider-unavailable">
        <p className="lead">{PROVIDER_UNAVAILABLE_TEXT}</p>
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
