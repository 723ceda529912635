// `/vyhlasenie-o-pristupnosti`: the accessibility statement a Slovak public-sector website must publish
// (Act 95/2019 Z. z., Decree 78/2020 Z. z., Directive (EU) 2016/2102), written after the ministry's
// model statement: conformity status, the inaccessible parts with reasons and alternatives, feedback
// contact (the operator's settings), the enforcement procedure, and the dates of preparation and review.
import type { Metadata } from 'next';
import Link from 'next/link';
import { OperatorContact } from '@/components/site/chrome';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Vyhlásenie o prístupnosti',
  description: 'Vyhlásenie o prístupnosti webového sídla Geodáta Slovenska podľa zákona č. 95/2019 Z. z. a vyhlášky č. 78/2020 Z. z.',
  alternates: { canonical: '/vyhlasenie-o-pristupnosti' },
};

/** When the statement was prepared and last reviewed (self-assessment; review at least once a year). */
const STATEMENT_PREPARED = '2026-11-28';
const STATEMENT_REVIEWED = '2026-11-28';

const day = new Intl.DateTimeFormat('sk-SK', { dateStyle: 'long', timeZone: 'Europe/Bratislava' });
const sk = (iso: string) => day.format(new Date(`${iso}T12:00:00Z`));

export default function AccessibilityStatementPage() {
  const { operatorName, publicBaseUrl } = env();
  const operator = operatorName ?? 'Prevádzkovateľ portálu';
  return (
    <main className="page statement" data-testid="accessibility-statement" style={{ maxWidth: 860 }}>
      <h1>Vyhlásenie o prístupnosti</h1>
      <p className="lead">
        {operator} sa zaväzuje sprístupniť svoje webové sídlo v súlade so zákonom č. 95/2019 Z. z. o informačných
        technológiách vo verejnej správe a o zmene a doplnení niektorých zákonov a vyhláškou č. 78/2020 Z. z. o
        štandardoch pre informačné technológie verejnej správy, ktorými sa transponuje smernica Európskeho parlamentu a
        Rady (EÚ) 2016/2102 o prístupnosti webových sídiel a mobilných aplikácií subjektov verejného sektora.
      </p>
      <p>
        Toto vyhlásenie o prístupnosti sa vzťahuje na webové sídlo <a href={publicBaseUrl}>{publicBaseUrl}</a> (Geodáta
        Slovenska) vrátane vloženej mapy (<code>/vlozena-mapa</code>) a dokumentácie.
      </p>

      <h2 id="stav-suladu">Stav súladu</h2>
      <p data-testid="conformity-status">
        Toto webové sídlo je <strong>čiastočne v súlade</strong> s požiadavkami na prístupnosť (norma EN 301 549,
        úroveň AA pravidiel WCAG 2.1) z dôvodu nesúladu a výnimiek uvedených nižšie.
      </p>

      <h2 id="nepristupny-obsah">Neprístupný obsah</h2>
      <p>Obsah uvedený nižšie nie je prístupný z týchto dôvodov:</p>
      <h3>a) Nesúlad s právnymi predpismi</h3>
      <ul>
        <li>
          <strong>Plocha mapy</strong> (kreslená cez WebGL) nemá textovú podobu: čítačka obrazovky neprečíta tvary ani
          farby vrstiev a myšou vybrané miesto sa nedá zadať bez myši. <em>Alternatíva:</em> vyhľadávanie miesta (obec,
          ulica, adresa) a panel „Čo je tu?“, ktorý pre zvolený bod vypíše hodnoty všetkých zapnutých datasetov textom;
          bod sa dá zvoliť aj klávesnicou (šípky a Enter na mape). Každý dataset má vlastnú stránku s textovým popisom
          a stránky obcí uvádzajú údaje v tabuľkách.
        </li>
        <li>
          <strong>Tlač mapy do PDF</strong> (nástroj „Tlačiť“) vytvára obrázok mapy bez štruktúry a textovej alternatívy
          mapy. <em>Alternatíva:</em> odkaz na zdieľanie toho istého výrezu a stránka datasetu; dáta sú dostupné cez API
          vo formáte GeoJSON a cez MCP pre asistentov.
        </li>
        <li>
          <strong>Farby vrstiev a legenda</strong>: niektoré vrstvy rozlišujú triedy len farbou. <em>Alternatíva:</em>{' '}
          panel „Čo je tu?“ a legenda uvádzajú názov triedy textom.
        </li>
        <li>
          <strong>Grafy časových radov</strong> v paneli „Čo je tu?“ sú obrázky SVG. <em>Alternatíva:</em> hodnoty sú
          uvedené aj textom pod grafom a v API.
        </li>
      </ul>
      <h3>b) Neprimerané zaťaženie</h3>
      <p>Na žiadnu časť webového sídla sa výnimka neprimeraného zaťaženia neuplatňuje.</p>
      <h3>c) Obsah, ktorý nepatrí do rozsahu platných právnych predpisov</h3>
      <ul>
        <li>
          Online mapy a mapové služby (§ 2 ods. 2 vyhlášky č. 78/2020 Z. z., čl. 1 ods. 4 písm. d) smernice (EÚ)
          2016/2102); podstatné informácie mapy sú sprístupnené textom, ako je uvedené vyššie.
        </li>
        <li>
          Obsah tretích strán, ktorý prevádzkovateľ nefinancuje ani nekontroluje: názvy, popisy a atribúty datasetov od
          poskytovateľov dát a mapový podklad.
        </li>
      </ul>

      <h2 id="vypracovanie">Vypracovanie tohto vyhlásenia o prístupnosti</h2>
      <p data-testid="statement-dates">
        Toto vyhlásenie bolo vypracované dňa <time dateTime={STATEMENT_PREPARED}>{sk(STATEMENT_PREPARED)}</time>.
        Vyhlásenie bolo naposledy prehodnotené dňa <time dateTime={STATEMENT_REVIEWED}>{sk(STATEMENT_REVIEWED)}</time>.
        Metóda: samohodnotenie prevádzkovateľa (automatická kontrola nástrojom axe-core na všetkých typoch stránok a
        ručná kontrola ovládania klávesnicou a na mobilnom telefóne).
      </p>

      <h2 id="spatna-vazba">Spätná väzba a kontaktné údaje</h2>
      <p>
        Ak zistíte problém s prístupnosťou tohto webového sídla alebo potrebujete obsah v prístupnej podobe, oznámte
        nám to. Použite formulár „Nahlásiť problém“ v päte každej stránky, alebo kontaktujte prevádzkovateľa:
      </p>
      <p data-testid="statement-contact">
        <OperatorContact />
      </p>
      <p>Oznámenie vybavíme bez zbytočného odkladu, najneskôr do 30 dní.</p>

      <h2 id="presadzovanie">Postup presadzovania</h2>
      <p data-testid="enforcement">
        Ak na svoje oznámenie alebo žiadosť nedostanete odpoveď, alebo je odpoveď neuspokojivá, môžete sa obrátiť na
        orgán dohľadu nad prístupnosťou webových sídiel subjektov verejnej správy, ktorým je{' '}
        <strong>Ministerstvo investícií, regionálneho rozvoja a informatizácie Slovenskej republiky</strong> (MIRRI,
        nástupca Úradu podpredsedu vlády Slovenskej republiky pre investície a informatizáciu),{' '}
        <a href="https://mirri.gov.sk/">mirri.gov.sk</a>. Podnet mu pošlite písomne alebo elektronicky; uveďte adresu
        stránky, opis problému a kópiu svojho oznámenia prevádzkovateľovi a jeho odpovede. Orgán dohľadu podnet
        preverí a prevádzkovateľovi uloží nápravu.
      </p>
      <p>
        Podrobnosti o projekte a prevádzkovateľovi: <Link href="/dokumentacia/o-projekte">O projekte</Link>.
      </p>
    </main>
  );
}
