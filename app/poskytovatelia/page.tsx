// `/poskytovatelia`: for data providers: how to publish a manifest, the validator (paste or URL,
// the report from POST /api/validate) and self-registration (POST /api/registration).
import type { Metadata } from 'next';
import Link from 'next/link';
import { RegistrationForm, ValidatorForm } from '@/components/site/validator-form';
import { basemapAttribution } from '@/lib/basemap/attribution';
import { env } from '@/lib/env';

export const metadata: Metadata = {
  title: 'Pre poskytovateľov dát – validátor a registrácia',
  description:
    'Zverejnite svoje geografické dáta na portáli: napíšte manifest podľa protokolu 0.1, overte ho validátorom a zaregistrujte sa. Dáta ostávajú u vás.',
  alternates: { canonical: '/poskytovatelia' },
};

export default function ProvidersPage() {
  const base = env().publicBaseUrl;
  return (
    <>
      <main className="page" data-testid="providers-page">
        <h1>Pre poskytovateľov dát</h1>
        <p className="lead">
          Portál nezhromažďuje kópie dát: číta ich od vás cez jednoduchý protokol. Stačí zverejniť manifest (JSON s
          popisom datasetov) a endpoint, ktorý vracia GeoJSON.
        </p>
        <ol>
          <li>
            Napíšte manifest podľa <Link href="/dokumentacia/protokol">protokolu 0.1</Link> (schéma:{' '}
            <a href="/schema/0.1/manifest.json">{base}/schema/0.1/manifest.json</a>, ukážky:{' '}
            <a href="/priklady/manifest-minimal.json">minimálny</a>, <a href="/priklady/manifest-complete.json">úplný</a>).
          </li>
          <li>Overte ho validátorom nižšie: vložte JSON alebo zadajte adresu manifestu (živý test pošle skúšobné dopyty).</li>
          <li>Zaregistrujte adresu manifestu. Dáta sa hneď zobrazia na stránkach datasetov s upozornením; do katalógu a vyhľadávania ich pustí operátor po schválení.</li>
        </ol>

        <h2 id="validator">Validátor</h2>
        <ValidatorForm basemapStyleUrl={env().basemapStyleUrl} basemapAttribution={basemapAttribution()} />

        <h2 id="registracia">Registrácia</h2>
        <p>
          Registrácia je bezplatná a bez prihlásenia. Zmena obsahu manifestu po schválení vráti dáta na opätovné
          schválenie. Stav čakajúcich registrácií: <Link href="/neschvalene-data">neschválené dáta</Link>.
        </p>
        <RegistrationForm />

        <h2>Vstavaní poskytovatelia</h2>
        <ul>
          <li>
            <a href="/poskytovatelia/sk-uzemie/manifest.json">Územie Slovenska (sk-uzemie)</a> – obce, okresy, kraje a
            mestá z referenčných dát portálu.
          </li>
          <li>
            <a href="/priklady/manifest-complete.json">Ukážky protokolu (priklady)</a> – každá časť protokolu v
            praxi.
          </li>
        </ul>
      </main>
    </>
  );
}
