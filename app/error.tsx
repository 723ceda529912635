'use client';
// The site's error page for a page that failed while rendering, in Slovak and in the site's chrome
// (Next's English default otherwise). The API answers its own errors as JSON.
import { useEffect } from 'react';
import { ProblemPage } from '@/components/site/problem-page';

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    document.title = 'Chyba · Geodáta Slovenska';
  }, []);
  return (
    <ProblemPage
      title="Nastala chyba"
      testId="error-page"
      actions={
        <p>
          <button type="button" className="button" onClick={() => reset()} data-testid="error-retry">
            Skúsiť znova
          </button>
        </p>
      }
    >
      <p className="lead">
        Stránku sa teraz nepodarilo zobraziť. Chyba je zaznamenaná; skúste to o chvíľu znova.
        {error.digest && (
          <>
            {' '}
            Kód chyby: <code>{error.digest}</code>.
          </>
        )}
      </p>
    </ProblemPage>
  );
}
