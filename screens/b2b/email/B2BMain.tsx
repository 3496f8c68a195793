import { useAtom, useSetAtom } from 'jotai';
import { ghostButtonCss } from '../../components/linkButton.ts';
import { useRef, type FormEvent } from 'react';
import { useWidgetId } from '../../hooks/useWidgetId.ts';
import { Heading } from '../../components/Heading.tsx';
import { isEmail } from '../../components/email.ts';
import { useAction } from '../../hooks/useAction.ts';
import { useGo } from '../../hooks/useGo.ts';
import { sendDiscovery } from '../send.ts';
import { SsoAndOAuthButtons } from '../sso/blocks.ts';
import { b2bEmailAtom, b2bOrganizationIdAtom } from '../state.ts';
import { useB2B, useB2BClient, useB2BStrings } from '../widget.ts';
import { EmailForm } from '../EmailForm.tsx';

/**
 * Discovery Main: the work email, then 'Continue with email': a discovery link or code, whichever
 * the config offers; with both, Email Method Selection asks which (as the official does).
 */
export default function B2BMain() {
  const t = useB2BStrings();
  const { config } = useB2B();
  const client = useB2BClient();
  const go = useGo();
  // The address sent to stays in the store: back from the next screen, the field shows it.
  const [email, setStored] = useAtom(b2bEmailAtom);
  const setOrganizationId = useSetAtom(b2bOrganizationIdAtom);
  // The field holds what is typed and a keystroke renders nothing (Main's email field, B2C's too):
  // the screen reads the address at submit.
  const typed = useRef(email);
  const action = useAction();
  const { busy, run, fail } = action;
  const id = useWidgetId();
  const link = config.products.includes('emailMagicLinks');
  const code = config.products.includes('emailOtp');

  // 'Use a password instead': the address typed so far goes with it.
  const usePassword = () => {
    setStored(typed.current.trim());
    go('PasswordAuthenticate');
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const address = typed.current.trim();
    if (!isEmail(address)) return fail(t('error.invalidEmail'));
    // Discovery: the email screens send discovery links and codes, not an organization's.
    setOrganizationId(undefined);
    if (link && code) {
      setStored(address);
      return go('EmailMethodSelection');
    }
    void run(async () => {
      await sendDiscovery(client, config, link ? 'link' : 'code', address, t.locale);
      setStored(address);
      go(link ? 'EmailConfirmation' : 'EmailOtpEntry');
    });
  };

  return (
    <section part="container">
      <Heading>{t('login.title')}</Heading>
      <SsoAndOAuthButtons place="above" />
      {link || code ? <EmailForm id={id} defaultEmail={email} onEmail={(v) => (typed.current = v)} action={action} submitLabel={t('button.continueWithEmail')} onSubmit={submit} /> : null}
      {config.products.includes('passwords') ? (
        <button type="button" part="link-button" css={ghostButtonCss} onClick={usePassword}>
          {t('button.usePassword')}
        </button>
      ) : null}
      <SsoAndOAuthButtons place="below" />
    </section>
  );
}
