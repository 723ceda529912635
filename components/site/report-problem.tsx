'use client';
// "Nahlásiť problém": a button that opens a small form (druh, správa, e-mail) in a modal <dialog>
// and sends it to POST /api/reports. On a dataset page it starts as "Údaje sú nesprávne" with the
// dataset filled in; in the map's tool bar and the footer as a problem with the site.
import { useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { api } from '@/components/api-client';
import { MAX_MESSAGE_CHARS } from '@/lib/reports/limits';
import './report-problem.css';

export interface ReportProblemProps {
  /** `provider/dataset` the report is about (a dataset page, or the map's one shown dataset). */
  dataset?: string;
  /** The kind the form starts with. */
  kind?: 'site' | 'data';
  /** The look of the button: the map tool bar's icon button or a plain link-like button. */
  variant?: 'tool' | 'link';
  testId?: string;
  /** Called when the form opens (the phone's tool menu closes). */
  onOpen?: () => void;
}

const noSubscription = () => () => {};

const ICON = 'M5 21V4M5 4h11l-2 4 2 4H5';

/** The Slovak words for a refusal of POST /api/reports. */
function refusalText(status: number, code: string | undefined): string {
  if (code === 'too_many_requests') return 'Z vašej adresy prišlo priveľa hlásení. Skúste to znova o minútu.';
  if (code === 'payload_too_large') return `Správa je príliš dlhá (najviac ${MAX_MESSAGE_CHARS} znakov).`;
  if (code === 'invalid_input') return `Hlásenie sa nedá prijať: správa musí mať 1 až ${MAX_MESSAGE_CHARS} znakov obyčajného textu bez HTML značiek a e-mail (ak ho uvediete) musí byť platný.`;
  return `Hlásenie sa nepodarilo odoslať (chyba ${code ?? status}). Skúste to neskôr.`;
}

export function ReportProblem({ dataset, kind: initialKind, variant = 'link', testId = 'report-problem', onOpen }: ReportProblemProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  const startKind = initialKind ?? (dataset ? 'data' : 'site');
  const [kind, setKind] = useState<'site' | 'data'>(startKind);
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ phase: 'edit' | 'sending' | 'done' | 'error'; text?: string }>({ phase: 'edit' });
  // The dialog lives under <body> (a portal): a hidden tool menu or a clipped panel cannot hide it.
  // (null while rendered on the server, document.body in the browser).
  const host = useSyncExternalStore(noSubscription, () => document.body, () => null);

  const open = () => {
    setKind(startKind);
    setState({ phase: 'edit' });
    onOpen?.();
    dialogRef.current?.showModal();
  };
  const close = () => dialogRef.current?.close();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setState({ phase: 'sending' });
    const page = `${window.location.pathname}${window.location.search}`.slice(0, 500);
    try {
      const res = await api.report({
        kind,
        message,
        ...(email.trim() ? { email: email.trim() } : {}),
        page,
        ...(dataset ? { dataset } : {}),
      });
      if (res.ok) {
        setMessage('');
        setState({ phase: 'done', text: `Ďakujeme. Hlásenie č. ${res.data.id} sme prijali a prevádzkovateľ portálu sa mu bude venovať.` });
      } else setState({ phase: 'error', text: refusalText(res.status, res.code) });
    } catch {
      setState({ phase: 'error', text: 'Hlásenie sa nepodarilo odoslať: portál neodpovedá. Skontrolujte pripojenie a skúste to znova.' });
    }
  };

  return (
    <>
      {variant === 'tool' ? (
        <button type="button" className="map-tool" title="Nahlásiť problém" onClick={open} data-testid={testId}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d={ICON} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="map-tool-label">Nahlásiť problém</span>
        </button>
      ) : (
        <button type="button" className="report-button" onClick={open} data-testid={testId}>
          Nahlásiť problém
        </button>
      )}
      {host &&
        createPortal(
      <dialog ref={dialogRef} className="report-dialog" aria-labelledby={`${id}-title`} data-testid={`${testId}-dialog`}>
        <form onSubmit={submit} noValidate>
          <h2 id={`${id}-title`}>Nahlásiť problém</h2>
          <fieldset>
            <legend>Druh</legend>
            <label>
              <input type="radio" name={`${id}-kind`} value="site" checked={kind === 'site'} onChange={() => setKind('site')} /> Problém so stránkou
            </label>
            <label>
              <input type="radio" name={`${id}-kind`} value="data" checked={kind === 'data'} onChange={() => setKind('data')} /> Údaje sú nesprávne
            </label>
          </fieldset>
          {dataset && <p className="muted small">Dataset: {dataset}</p>}
          <label htmlFor={`${id}-message`}>Správa</label>
          <textarea id={`${id}-message`} rows={5} maxLength={MAX_MESSAGE_CHARS} value={message} onChange={(e) => setMessage(e.target.value)} />
          <label htmlFor={`${id}-email`}>E-mail (nepovinný)</label>
          <input id={`${id}-email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          {state.text && (
            <p role={state.phase === 'error' ? 'alert' : 'status'} className={state.phase === 'error' ? 'report-error' : 'report-done'} data-testid={`${testId}-result`}>
              {state.text}
            </p>
          )}
          <div className="report-actions">
            <button type="submit" disabled={state.phase === 'sending'}>
              {state.phase === 'sending' ? 'Odosiela sa…' : 'Odoslať'}
            </button>
            <button type="button" onClick={close}>
              Zavrieť
            </button>
          </div>
        </form>
      </dialog>,
          host,
        )}
    </>
  );
}
