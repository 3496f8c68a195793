import { useSetAtom } from 'jotai';
import { startTransition, useEffect, useMemo } from 'react';
import { Heading } from '../../components/Heading.tsx';
import { transitionAtom } from '../../state/atoms.ts';
import { useToast } from '../../hooks/useToast.ts';
import { mfaAtom } from '../state.ts';
import { useB2BStrings } from '../widget.ts';
import { copyText } from './copy.ts';
import { codeBoxCss, ghostButtonCss } from './styles.ts';
import { useMfa, useTimedFlag } from './useMfa.ts';

/**
 * Recovery Code Save: the backup codes of the authenticator just enrolled, shown this once, to
 * download as a text file or copy; 'Done' is the member's word that they are kept, and only
 * then does the widget go on to Logged In (the codes leave its memory with that step).
 */
export default function RecoveryCodeSave() {
  const t = useB2BStrings();
  const go = useSetAtom(transitionAtom);
  const toast = useToast();
  const [mfa] = useMfa();
  const clear = useSetAtom(mfaAtom);
  const [copied, showCopied] = useTimedFlag(3000);
  const codes = mfa.totp?.recoveryCodes ?? [];
  const text = codes.join(globalThis.navigator?.platform === 'Win32' ? '\r\n' : '\n');
  const href = useMemo(() => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(new Blob([text], { type: 'text/plain' })) : undefined), [text]);
  useEffect(() => () => void (href && URL.revokeObjectURL(href)), [href]);
  const name = mfa.organization.organization_name;
  const filename = `${name ? t('recoveryCodes.filename.withOrganizationName', { organizationName: name }) : t('recoveryCodes.filename.noOrganizationName')}.txt`;
  const copy = async () => {
    if (await copyText(codes.join('\n'))) return showCopied();
    toast.show('error', t('recoveryCodes.save.toast.copyFailed'));
  };
  // One transition: this screen stays, codes and all, until Logged In can paint.
  const done = () =>
    startTransition(() => {
      clear(undefined);
      go('LoggedIn');
    });
  return (
    <section part="container">
      <Heading>{t('recoveryCodes.save.title')}</Heading>
      <p>{t('recoveryCodes.save.content')}</p>
      <ul
        part="recovery-codes"
        dir="ltr"
        css={{ ...codeBoxCss, margin: 0, listStyle: 'none', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(12ch, 1fr))', gap: 8, textAlign: 'center' }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <a part="button button-primary" href={href} download={filename} css={{ display: 'flex', alignItems: 'center', justifyContent: 'center', textDecoration: 'none' }}>
        {t('recoveryCodes.save.button.download')}
      </a>
      <button type="button" part="button button-secondary" onClick={() => void copy()}>
        <span aria-live="polite">{copied ? t('recoveryCodes.save.button.copied') : t('recoveryCodes.save.button.copyAll')}</span>
      </button>
      <button type="button" part="link-button" css={ghostButtonCss} onClick={done}>
        {t('recoveryCodes.save.button.done')}
      </button>
    </section>
  );
}
