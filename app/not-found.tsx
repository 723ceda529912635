// The site's 404 page (unknown addresses, and every notFound() of a page) in Slovak, in the site's
// chrome. API paths never reach it: /api/[...path] answers unknown endpoints with JSON.
import type { Metadata } from 'next';
import { ProblemPage } from '@/components/site/problem-page';

export const metadata: Metadata = { title: 'Stránka sa nenašla', robots: { index: false } };

export default function NotFound() {
  return (
    <ProblemPage title="Stránka sa nenašla" testId="not-found-page">
      <p className="lead">
        Na tejto adrese nič nie je. Možno bola zmenená alebo odstránená, alebo je v odkaze preklep. Skúste nájsť miesto
        nižšie alebo pokračujte na mapu.
      </p>
    </ProblemPage>
  );
}
