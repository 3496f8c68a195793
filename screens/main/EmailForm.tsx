import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { EmailEntry } from '../components/EmailEntry.tsx';
import { sendMagicLink, sendOtp } from '../send/send.ts';
import { useSent } from '../send/useSent.ts';

/** The email form of the login form: a magic link or an email code, by method. */
export function EmailForm({ method }: { method: 'emailMagicLinks' | 'emailOtp' }) {
  const { client, config } = useWidget();
  const t = useStrings();
  const sent = useSent();
  // With passkeys on, the field also offers saved passkeys (conditional mediation).
  const passkeys = config.products.includes('passkeys');

  const send = async (address: string) => {
    const c = requireClient(client);
    if (method === 'emailMagicLinks') {
      const r = await sendMagicLink(c, config, address, t.locale);
      sent.magicLink(address, false, r.link_request);
    } else {
      const r = await sendOtp(c, config, 'email', address, t.locale);
      sent.otp('email', r.method_id, address);
    }
  };

  return <EmailEntry invalidMessage={method === 'emailOtp' ? t('errors.invalidEmailOtp') : t('errors.invalidEmail')} autoComplete={passkeys ? 'username webauthn' : 'email'} onEmail={send} />;
}
