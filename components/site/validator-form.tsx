'use client';
// The providers' validator and registration: paste a manifest (or data) or give its URL, read the
// report from POST /api/validate; register with POST /api/registration. The portal's own API is
// the only thing this talks to.
import { useId, useState } from 'react';
import { codeText } from '@/lib/map/messages';
import type { RegistrationResult } from '@/lib/providers/schema';
import type { AnyReport } from '@/lib/validator/report';
import { api, getJson } from '../api-client';
import { ValidatorPreview } from './validator-preview';
import { Findings, ReportView } from './validator-report';

type Mode = 'paste' | 'url';

/** `basemapStyleUrl` and `basemapAttribution` as the map pages get them: the live test's preview map draws on that basemap. */
export function ValidatorForm({ basemapStyleUrl, basemapAttribution }: { basemapStyleUrl?: string; basemapAttribution: string }) {
  const [mode, setMode] = useState<Mode>('paste');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<AnyReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const textId = useId();
  const urlId = useId();
  const serviceId = useId();
  const [drafting, setDrafting] = useState(false);
  const [serviceUrl, setServiceUrl] = useState('');
  const [draftBusy, setDraftBusy] = useState(false);
  const [draftNotes, setDraftNotes] = useState<string[]>([]);

  async function draft() {
    setProblem(null);
    setDraftNotes([]);
    if (!serviceUrl.trim()) {
      setProblem('Zadajte adresu služby.');
      return;
    }
    setDraftBusy(true);
    try {
      const r = await api.draft(serviceUrl.trim());
      if (!r.ok || r.status !== 200) {
        setProblem(`Manifest sa nepodarilo vytvoriť: ${codeText(r.ok ? undefined : r.code)}${r.ok || !r.code ? '' : ` (${r.code})`}`);
        return;
      }
      setText(JSON.stringify(r.data.manifest, null, 2));
      setMode('paste');
      setReport(null);
      setDraftNotes(r.data.notes);
    } catch {
      setProblem('Portál neodpovedá.');
    } finally {
      setDraftBusy(false);
    }
  }

  async function validate() {
    setProblem(null);
    setReport(null);
    let body: unknown;
    if (mode === 'paste') {
      try {
        body = JSON.parse(text);
      } catch (e) {
        setProblem(`Vložený text nie je platný JSON: ${(e as Error).message}`);
        return;
      }
    } else {
      if (!url.trim()) {
        setProblem('Zadajte adresu manifestu.');
        return;
      }
      body = { manifestUrl: url.trim() };
    }
    setBusy(true);
    try {
      const r = await api.validate(body);
      // The API's message is for programs; the person reads the code's Slovak sentence (the code stays beside it).
      if (!r.ok || r.status !== 200 || typeof r.data.valid !== 'boolean') setProblem(`Overenie sa nepodarilo: ${codeText(r.ok ? undefined : r.code)}${!r.ok && r.code ? ` (${r.code})` : ` (HTTP ${r.status})`}`);
      else setReport(r.data);
    } catch {
      setProblem('Portál neodpovedá.');
    } finally {
      setBusy(false);
    }
  }

  async function loadSample() {
    const r = await getJson<unknown>('/priklady/manifest-minimal.json').catch(() => null);
    if (!r?.ok) {
      setProblem('Ukážkový manifest sa nepodarilo načítať.');
      return;
    }
    setProblem(null);
    setText(JSON.stringify(r.data, null, 2));
    setMode('paste');
  }

  return (
    <div data-testid="validator">
      <div className="form-row">
        <button type="button" className="button secondary" aria-expanded={drafting} onClick={() => setDrafting((v) => !v)} data-testid="draft-open">
          Vytvoriť manifest zo služby
        </button>
        {drafting && (
          <div data-testid="draft">
            <label htmlFor={serviceId}>Adresa služby (OGC API – Features, WFS 2.0 GetCapabilities alebo ArcGIS FeatureServer/MapServer)</label>
            <input
              id={serviceId}
              type="url"
              value={serviceUrl}
              onChange={(e) => setServiceUrl(e.target.value)}
              placeholder="https://gis.mojaobec.sk/ogc"
              data-testid="draft-url"
            />
            <button type="button" className="button" onClick={() => void draft()} disabled={draftBusy} data-testid="draft-submit">
              {draftBusy ? 'Čítam službu…' : 'Vytvoriť návrh manifestu'}
            </button>
            <span className="muted small">Portál službu prečíta a návrh vloží do poľa nižšie; doplňte ho a overte.</span>
          </div>
        )}
        {draftNotes.length > 0 && (
          <ul data-testid="draft-notes" aria-live="polite">
            {draftNotes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="tabs" role="tablist" aria-label="Čo overiť">
        <button type="button" role="tab" aria-selected={mode === 'paste'} onClick={() => setMode('paste')} data-testid="validator-tab-paste">
          Vložiť JSON
        </button>
        <button type="button" role="tab" aria-selected={mode === 'url'} onClick={() => setMode('url')} data-testid="validator-tab-url">
          Adresa manifestu (živý test)
        </button>
      </div>
      {mode === 'paste' ? (
        <div className="form-row">
          <label htmlFor={textId}>Manifest alebo dáta (JSON)</label>
          <textarea
            id={textId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
            placeholder='{"protocol": "0.1", "provider": {...}, "datasets": [...]}'
            data-testid="validator-input"
          />
          <div>
            <button type="button" className="button secondary" onClick={() => void loadSample()} data-testid="validator-sample">
              Vložiť ukážkový manifest
            </button>
          </div>
        </div>
      ) : (
        <div className="form-row">
          <label htmlFor={urlId}>Adresa manifestu (https)</label>
          <input
            id={urlId}
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://data.mojaobec.sk/manifest.json"
            data-testid="validator-url"
          />
          <span className="muted small">Portál manifest stiahne a každému datasetu pošle skúšobný dopyt.</span>
        </div>
      )}
      <button type="button" className="button" onClick={() => void validate()} disabled={busy} data-testid="validator-submit">
        {busy ? 'Overujem…' : 'Overiť'}
      </button>
      {problem && (
        <p className="error" role="alert" data-testid="validator-problem">
          {problem}
        </p>
      )}
      {report && <ReportView report={report} />}
      {report?.datasets && report.datasets.length > 0 && (
        <ValidatorPreview datasets={report.datasets} basemapStyleUrl={basemapStyleUrl} basemapAttribution={basemapAttribution} />
      )}
    </div>
  );
}

export function RegistrationForm() {
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ status: number; body: RegistrationResult | null; error?: string; code?: string; check?: AnyReport } | null>(null);
  const id = useId();

  async function register() {
    setBusy(true);
    setResult(null);
    try {
      const r = await api.register(url.trim());
      setResult(r.ok && (r.status === 200 || r.status === 201) ? { status: r.status, body: r.data } : { status: r.status, body: null, error: r.ok ? undefined : r.error, code: r.ok ? undefined : r.code, check: r.ok ? undefined : r.body.check });
    } catch {
      setResult({ status: 0, body: null, error: 'Portál neodpovedá.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-testid="registration">
      <div className="form-row">
        <label htmlFor={id}>Adresa manifestu na registráciu</label>
        <input id={id} type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://data.mojaobec.sk/manifest.json" data-testid="registration-url" />
      </div>
      <button type="button" className="button" onClick={() => void register()} disabled={busy || !url.trim()} data-testid="registration-submit">
        {busy ? 'Registrujem…' : 'Zaregistrovať'}
      </button>
      {result?.body && (
        <section className="report ok" data-testid="registration-result" aria-live="polite">
          <h2>{result.status === 201 ? 'Zaregistrované' : 'Už registrované'}</h2>
          <p>{result.body.message}</p>
          <p>
            Stav: <strong>{result.body.status === 'approved' ? 'schválené' : 'čaká na schválenie'}</strong> ·{' '}
            <a href={result.body.links.review}>prehľad neschválených dát</a>
          </p>
          {result.body.links.datasets.length > 0 && (
            <ul>
              {result.body.links.datasets.map((l) => (
                <li key={l}>
                  <a href={l}>{l}</a>
                </li>
              ))}
            </ul>
          )}
          {result.body.check.warnings.length > 0 && <Findings title="Odporúčania" items={result.body.check.warnings} kind="warning" />}
        </section>
      )}
      {result && !result.body && (
        <div data-testid="registration-error">
          <p className="error" role="alert">
            {result.error ?? `HTTP ${result.status}`}
            {result.code ? ` (${result.code})` : ''}
          </p>
          {result.check && typeof result.check.valid === 'boolean' && <ReportView report={result.check} />}
        </div>
      )}
    </div>
  );
}
