import { useSetAtom } from 'jotai';
import { linkButtonCss } from '../components/linkButton.ts';
import { ltrFieldCss } from '../components/ltrField.ts';
import { errorMessageAtom } from '../state/atoms.ts';
import { passwordMessages } from '../i18n/en/password.ts';
import { useStrings } from '../context.ts';
import { useGo } from '../hooks/useGo.ts';

/**
 * The email the flow is for, shown read-only; `username` lets password managers pair it. It
 * looks read-only (the disabled background, as the official UI greys it) yet stays selectable,
 * and Change goes back to Main, where the email waits, editable, in its field.
 */
export function EmailReadOnly({ id, email }: { id: string; email: string }) {
  const t = useStrings(passwordMessages);
  const go = useGo();
  const clearError = useSetAtom(errorMessageAtom);
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <label htmlFor={id} part="label">
        {t('formField.email.label')}
      </label>
      <div css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <input
          id={id}
          part="input input-readonly"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          readOnly
          dir="ltr"
          css={{
            ...ltrFieldCss(t.dir),
            flex: '1 1 auto',
            minWidth: 0,
            background: 'var(--stytch-buttons-disabled-background-color)',
            borderColor: 'var(--stytch-buttons-disabled-border-color)',
            cursor: 'default',
          }}
        />
        <button
          type="button"
          part="link-button"
          aria-label={t('button.changeEmail.ariaLabel')}
          onClick={() => {
            clearError(undefined);
            go('Main');
          }}
          // One word that never breaks, whatever the container's overflow-wrap.
          css={{ ...linkButtonCss, padding: 4, flex: 'none', whiteSpace: 'nowrap', overflowWrap: 'normal', color: 'var(--stytch-colors-primary)' }}
        >
          {t('button.changeEmail')}
        </button>
      </div>
    </div>
  );
}
