import { useRef } from 'react';
import { Heading } from '../../components/Heading.tsx';
import { useGo } from '../../hooks/useGo.ts';
import { useToast } from '../../hooks/useToast.ts';
import { useB2BStrings } from '../widget.ts';
import { copyText, selectContents } from './copy.ts';
import { codeBoxCss, ghostButtonCss } from './styles.ts';
import { useMfa, useTimedFlag } from './useMfa.ts';

/** The secret as the official manual view shows it: lower case, in groups of four. */
export function secretGroups(secret: string): string[] {
  return secret.toLowerCase().match(/.{1,4}/g) ?? [];
}

/**
 * TOTP Enrollment Manual: the authenticator secret to type in, copied on a click (or selected,
 * where the clipboard refuses, with a toast saying so); then TOTP Entry, or back to the QR code.
 */
export default function TOTPEnrollmentManual() {
  const t = useB2BStrings();
  const go = useGo();
  const toast = useToast();
  const [mfa] = useMfa();
  const [copied, showCopied] = useTimedFlag(3000);
  const code = useRef<HTMLElement>(null);
  const secret = mfa.totp?.secret ?? '';
  const copy = async () => {
    if (await copyText(secret.toLowerCase())) return showCopied();
    toast.show('error', t('mfa.totpEnrollment.toast.copyFailed'));
    selectContents(code.current);
  };
  return (
    <section part="container">
      <Heading>{t('mfa.totpEnrollment.title')}</Heading>
      <p>{t('mfa.totpEnrollment.content')}</p>
      {/* The copy button below is the keyboard's way; a click on the code copies too. */}
      <code
        ref={code}
        part="code"
        dir="ltr"
        onClick={() => void copy()}
        css={{ ...codeBoxCss, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: '1ch', rowGap: 4, cursor: 'pointer', userSelect: 'all' }}
      >
        {secretGroups(secret).map((group, i) => (
          <span key={i}>{group}</span>
        ))}
      </code>
      <button type="button" part="button button-primary" onClick={() => void copy()}>
        {/* The button's new text is announced: its region is polite. */}
        <span aria-live="polite">{copied ? t('mfa.totpEnrollment.copyCode.codeCopied') : t('mfa.totpEnrollment.copyCode.label')}</span>
      </button>
      <button type="button" part="button button-secondary" onClick={() => go('TOTPEntry')}>
        {t('button.continue')}
      </button>
      <button type="button" part="link-button" css={ghostButtonCss} onClick={() => go('TOTPEnrollmentQRCode')}>
        {t('button.totpQrRetry')}
      </button>
    </section>
  );
}
