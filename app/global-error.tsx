'use client';
// The last resort when the root layout itself fails: a plain Slovak page with its own <html>.
/* eslint-disable @next/next/no-html-link-for-pages -- after the root layout failed, links reload the
   whole document on purpose: the client router of the broken page is not trusted. */
import './globals.css';

export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="sk">
      <head>
        <title>Chyba · Geodáta Slovenska</title>
      </head>
      <body>
        <main style={{ maxWidth: 720, margin: '0 auto', padding: '32px 20px', lineHeight: 1.5 }} data-testid="global-error-page">
          <p>
            <a href="/">Geodáta Slovenska</a>
          </p>
          <h1>Nastala chyba</h1>
          <p>
            Portál teraz nevie stránku zobraziť. Skúste to o chvíľu znova.
            {error.digest && <> Kód chyby: <code>{error.digest}</code>.</>}
          </p>
          <p>
            <button type="button" onClick={() => reset()}>
              Skúsiť znova
            </button>{' '}
            · <a href="/">Úvodná stránka – mapa</a> · <a href="/dokumentacia">Dokumentácia</a>
          </p>
        </main>
      </body>
    </html>
  );
}
