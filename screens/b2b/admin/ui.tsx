import { useState, type ReactNode } from 'react';
import { useWidgetId as useId } from '../../hooks/useWidgetId.ts';
import { ErrorText } from '../../components/ErrorText.tsx';
import type { Action } from '../../hooks/useAction.ts';
import { useAdminStrings } from './widget.ts';

/*
 * The admin portal's few building blocks over the widget theme's parts (container, header,
 * button, input, error): its screens are wider and denser than a sign-in card, so the blocks
 * size the themed parts down, never restyle their colours (light, dark and a host's styles
 * apply unchanged).
 */

const compact = { width: 'auto', minHeight: 36, paddingInline: 12, fontSize: 'var(--stytch-helper-font-size)' } as const;

/** One admin portal: the themed container at the host's width, with its title. */
export function Portal({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section part="container admin-portal" css={{ width: '100%', maxWidth: '100%', gap: 20, padding: 'clamp(16px, 4vw, 32px)' }}>
      <h1 part="header" css={{ textAlign: 'start' }}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/** A titled part of a portal. */
export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <section part="admin-section" aria-labelledby={id} css={{ display: 'flex', flexDirection: 'column', gap: 12, paddingTop: 16, borderTop: '1px solid var(--stytch-container-border-color)' }}>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', justifyContent: 'space-between' }}>
        <h2 id={id} css={{ margin: 0, fontSize: 18 }}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A compact button of the theme's primary or secondary kind. */
export function Button({
  kind = 'secondary',
  onClick,
  disabled,
  busy,
  children,
  type = 'button',
  label,
}: {
  kind?: 'primary' | 'secondary';
  onClick?: () => void;
  disabled?: boolean | undefined;
  busy?: boolean | undefined;
  children: ReactNode;
  type?: 'button' | 'submit';
  label?: string;
}) {
  return (
    <button type={type} part={`button button-${kind}`} css={compact} disabled={disabled || busy} aria-busy={busy || undefined} aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}

/** A row of buttons that wraps on a narrow screen. */
export function Row({ children }: { children: ReactNode }) {
  return <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>{children}</div>;
}

/** A labelled text field. */
export function Field({
  label,
  value,
  onChange,
  type = 'text',
  readOnly,
  placeholder,
  required,
  multiline,
  autoComplete = 'off',
}: {
  label: string;
  value: string;
  onChange?: (v: string) => void;
  type?: string;
  readOnly?: boolean;
  placeholder?: string;
  required?: boolean;
  multiline?: boolean;
  autoComplete?: string;
}) {
  const id = useId();
  const common = { id, value, readOnly, placeholder, required, onChange: (e: { target: { value: string } }) => onChange?.(e.target.value) };
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0, flex: '1 1 220px' }}>
      <label part="label" htmlFor={id} css={{ fontSize: 'var(--stytch-helper-font-size)', fontWeight: 600 }}>
        {label}
      </label>
      {multiline ? (
        <textarea part="input" rows={5} css={{ height: 'auto', paddingBlock: 8, fontFamily: 'monospace', fontSize: 12 }} {...common} />
      ) : (
        <input part="input" type={type} autoComplete={autoComplete} dir={type === 'email' || type === 'url' ? 'ltr' : undefined} {...common} />
      )}
    </div>
  );
}

/** A checkbox with its label. */
export function Check({ label, checked, onChange, disabled, hint }: { label: string; checked: boolean; onChange: (v: boolean) => void; disabled?: boolean; hint?: string | undefined }) {
  const id = useId();
  return (
    <div css={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} css={{ width: 18, height: 18, margin: '2px 0 0', flex: 'none' }} />
      <label htmlFor={id} css={{ display: 'flex', flexDirection: 'column' }}>
        <span>{label}</span>
        {hint ? <span part="helper">{hint}</span> : null}
      </label>
    </div>
  );
}

/** A group of radio buttons under a legend. */
export function Choice<V extends string>({
  legend,
  value,
  options,
  onChange,
  disabled,
}: {
  legend: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (v: V) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset css={{ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
      <legend css={{ fontWeight: 600, marginBottom: 6, padding: 0 }}>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} css={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <input type="radio" name={name} value={o.value} checked={value === o.value} disabled={disabled} onChange={() => onChange(o.value)} css={{ width: 18, height: 18, margin: 0 }} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/** A read-only value with a copy button (our ACS URL, a token). */
export function Copyable({ label, value }: { label: string; value: string }) {
  const t = useAdminStrings();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
      <span id={id} css={{ fontSize: 'var(--stytch-helper-font-size)', fontWeight: 600 }}>
        {label}
      </span>
      <div css={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        <code
          aria-labelledby={id}
          dir="ltr"
          css={{ flex: '1 1 200px', minWidth: 0, padding: '6px 8px', border: '1px solid var(--stytch-container-border-color)', borderRadius: 4, overflowWrap: 'anywhere' }}
        >
          {value}
        </code>
        <Button onClick={copy} label={t('adminPortal.copy.label', { field: label })}>
          {copied ? t('adminPortal.copy.done') : t('adminPortal.copy')}
        </Button>
      </div>
    </div>
  );
}

/**
 * An action that asks once more before it runs (deactivate, delete, rotate): the first press
 * shows what it does and Confirm / Cancel in place, all reachable by keyboard.
 */
export function Confirmed({ label, warning, confirmLabel, action, onConfirm }: { label: string; warning: string; confirmLabel?: string; action: Action; onConfirm: () => Promise<unknown> }) {
  const t = useAdminStrings();
  const [asking, setAsking] = useState(false);
  if (!asking) return <Button onClick={() => setAsking(true)}>{label}</Button>;
  return (
    <div role="group" aria-label={label} css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <p part="error" css={{ margin: 0 }}>
        {warning}
      </p>
      <Row>
        <Button kind="primary" busy={action.busy} onClick={() => void action.run(async () => (await onConfirm(), setAsking(false)))}>
          {confirmLabel ?? label}
        </Button>
        <Button onClick={() => setAsking(false)}>{t('adminPortal.cancel')}</Button>
      </Row>
    </div>
  );
}

/** An action's failure (the provider's refusal included), announced. */
export function Failure({ action }: { action: Pick<Action, 'error'> }) {
  return <ErrorText message={action.error} />;
}

/**
 * The end of a part that saves: its failure, then (when `shown`: the member may change it) its
 * Save button, a form's submit without `onSave`.
 */
export function SaveRow({ action, shown = true, onSave }: { action: Pick<Action, 'error' | 'busy'>; shown?: boolean; onSave?: () => void }) {
  const t = useAdminStrings();
  return (
    <>
      <Failure action={action} />
      {shown ? (
        <Row>
          <Button type={onSave ? 'button' : 'submit'} busy={action.busy} onClick={onSave}>
            {t('adminPortal.save')}
          </Button>
        </Row>
      ) : null}
    </>
  );
}

/** A simple table: a caption for screen readers, header cells with scope, rows as given; scrolls sideways on a phone. */
export function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    // Scrolls sideways on a phone; its rows' buttons take focus, so the box itself needs none (nor a landmark of the section's name).
    <div css={{ overflowX: 'auto' }}>
      <table
        css={{
          width: '100%',
          borderCollapse: 'collapse',
          fontSize: 'var(--stytch-helper-font-size)',
          'th, td': { textAlign: 'start', padding: '8px 6px', borderBottom: '1px solid var(--stytch-container-border-color)', verticalAlign: 'middle' },
        }}
      >
        <caption css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
