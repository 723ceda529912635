'use client';
// The frame every tool's panel shares: a labelled region with its heading (focused on opening) and a
// close button; Escape closes it. On a phone it is a bottom sheet, like "Čo je tu?".
import { useEffect, useRef } from 'react';

export function ToolPanel({ title, onClose, children, testId }: { title: string; onClose: () => void; children: React.ReactNode; testId: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault();
        onClose();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <section className="tool-panel" role="region" aria-label={title} data-testid={testId}>
      <div className="tool-panel-head">
        <h2 ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={`Zavrieť: ${title}`}>
          ×
        </button>
      </div>
      {children}
    </section>
  );
}

/** A text with its copy button; "Skopírované" is announced. */
export function CopyField({ label, value, multiline = false, testId }: { label: string; value: string; multiline?: boolean; testId?: string }) {
  return (
    <div className="copy-field">
      <label className="small muted">
        {label}
        {multiline ? <textarea readOnly value={value} rows={3} data-testid={testId} /> : <input readOnly value={value} data-testid={testId} onFocus={(e) => e.target.select()} />}
      </label>
      <CopyButton text={value} label={`Kopírovať: ${label}`} />
    </div>
  );
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const status = useRef<HTMLSpanElement>(null);
  const copy = async () => {
    let ok = false;
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch {
      ok = false;
    }
    if (status.current) status.current.textContent = ok ? 'Skopírované' : 'Kopírovanie zlyhalo: označte text a skopírujte ho sami.';
  };
  return (
    <span className="copy-button-wrap">
      <button type="button" className="copy-button" onClick={() => void copy()} aria-label={label} title={label}>
        Kopírovať
      </button>
      <span ref={status} className="small muted" role="status" />
    </span>
  );
}
