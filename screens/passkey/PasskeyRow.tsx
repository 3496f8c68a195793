import { useEffect, useRef, useState, type ButtonHTMLAttributes, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useWidgetId } from '../hooks/useWidgetId.ts';
import { deviceLabel } from './device.ts';
import { passkeyMessages } from '../i18n/en/passkey.ts';
import { useStrings } from '../context.ts';

/** One registration as the user object lists it. */
export interface PasskeyItem {
  webauthn_registration_id: string;
  name: string;
  user_agent: string;
}

/** Which row, if any, is being renamed or deleted. */
export type RowState = { type: 'viewing' } | { type: 'editing'; id: string } | { type: 'deleting'; id: string };

const iconButton = {
  width: 36,
  height: 36,
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 0,
  background: 'transparent',
  color: 'inherit',
  border: '1px solid transparent',
  borderRadius: 4,
  cursor: 'pointer',
  '&:disabled': { cursor: 'default', opacity: 0.4 },
  '&:focus-visible': { outline: '2px solid currentColor' },
} as const;

/** A square button that shows only its mark; `label` is its accessible name and its tooltip. */
function IconButton({ label, buttonRef, ...button }: { label: string; buttonRef?: RefObject<HTMLButtonElement | null>; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button ref={buttonRef} type="button" css={iconButton} aria-label={label} title={label} {...button} />;
}

const Pencil = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M3 17.25V21h3.75L17.8 9.95l-3.75-3.75L3 17.25zm17.7-10.2a1 1 0 0 0 0-1.4l-2.35-2.35a1 1 0 0 0-1.4 0L15.1 5.14l3.75 3.75 1.85-1.84z" />
  </svg>
);
const Trash = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z" />
  </svg>
);
const Check = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z" />
  </svg>
);

interface RowProps {
  item: PasskeyItem;
  state: RowState;
  setState(next: RowState): void;
  onRename(id: string, name: string): void;
  onDelete(id: string): void;
}

/** A passkey row: name and device, inline rename, and delete with its warning and confirmation. */
export function PasskeyRow({ item, state, setState, onRename, onDelete }: RowProps) {
  const t = useStrings(passkeyMessages);
  const id = useWidgetId();
  const title = item.name || t('passkey.defaultName');
  const mine = state.type !== 'viewing' && state.id === item.webauthn_registration_id;
  const otherBusy = state.type !== 'viewing' && !mine;
  const [draft, setDraft] = useState(item.name);
  // When a rename or delete of this row ends, focus returns to the button that started it.
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const previous = useRef(mine ? state.type : 'viewing');
  useEffect(() => {
    const was = previous.current;
    previous.current = mine ? state.type : 'viewing';
    if (mine) return;
    if (was === 'editing') renameButton.current?.focus();
    if (was === 'deleting') deleteButton.current?.focus();
  }, [mine, state.type]);

  if (mine && state.type === 'editing') {
    const save = (e: FormEvent) => {
      e.preventDefault();
      const name = draft.trim();
      if (name === '' || name === item.name) return setState({ type: 'viewing' });
      onRename(item.webauthn_registration_id, name);
    };
    return (
      <li css={{ listStyle: 'none' }}>
        <form onSubmit={save} css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <label htmlFor={`${id}-name`} css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {t('passkey.editing.label')}
          </label>
          <input
            id={`${id}-name`}
            part="input"
            value={draft}
            maxLength={200}
            autoFocus
            // Opens with the current name selected: typing replaces it, arrows keep and edit it.
            onFocus={(e) => e.currentTarget.select()}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setState({ type: 'viewing' });
            }}
          />
          <IconButton type="submit" label={t('button.save')}>
            <Check />
          </IconButton>
        </form>
      </li>
    );
  }

  return (
    <li css={{ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <div css={{ flex: 1, minWidth: 0 }}>
          <div css={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</div>
          <div part="helper">{deviceLabel(item.user_agent, t)}</div>
        </div>
        {mine ? null : (
          <>
            <IconButton
              buttonRef={renameButton}
              label={t('passkey.rename.ariaLabel', { name: title })}
              disabled={otherBusy}
              onClick={() => {
                setDraft(item.name);
                setState({ type: 'editing', id: item.webauthn_registration_id });
              }}
            >
              <Pencil />
            </IconButton>
            <IconButton
              buttonRef={deleteButton}
              label={t('passkey.delete.ariaLabel', { name: title })}
              disabled={otherBusy}
              onClick={() => setState({ type: 'deleting', id: item.webauthn_registration_id })}
            >
              <Trash />
            </IconButton>
          </>
        )}
      </div>
      {mine && state.type === 'deleting' ? (
        <div
          css={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          onKeyDown={(e) => {
            // As in rename: Escape backs out, focus returning to the button that started it.
            if (e.key === 'Escape') setState({ type: 'viewing' });
          }}
        >
          <p part="error" role="alert">
            {t('passkey.registrationSuccess.deleteWarning')}
          </p>
          <button
            type="button"
            part="button button-primary"
            css={{ background: 'var(--stytch-colors-error)', borderColor: 'var(--stytch-colors-error)', color: 'var(--stytch-container-background-color)' }}
            autoFocus
            onClick={() => onDelete(item.webauthn_registration_id)}
          >
            {t('button.delete')}
          </button>
          <button type="button" part="button button-secondary" onClick={() => setState({ type: 'viewing' })}>
            {t('button.cancel')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
