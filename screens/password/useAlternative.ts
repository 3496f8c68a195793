import { useCallback, useMemo } from 'react';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { sendMagicLink, sendOtp } from '../send/send.ts';
import { useSent } from '../send/useSent.ts';
import { passwordlessMethod, type PasswordlessMethod } from './options.ts';
import { passwordMessages } from '../i18n/en/password.ts';

/** The way to sign in without a password that the config offers, its button text, and its send. */
export function useAlternative(): { method: PasswordlessMethod; label: string | undefined; send(email: string, stay?: boolean): Promise<void> } {
  const t = useStrings(passwordMessages);
  const { client, config } = useWidget();
  const method = useMemo(() => passwordlessMethod(config), [config]);
  const { otp, magicLink } = useSent();
  const send = useCallback(
    async (email: string, stay = false) => {
      const c = requireClient(client);
      if (method === 'otp') {
        const r = await sendOtp(c, config, 'email', email, t.locale);
        otp('email', r.method_id, email, stay);
      } else if (method === 'eml') {
        const r = await sendMagicLink(c, config, email, t.locale);
        magicLink(email, stay, r.link_request);
      }
    },
    [client, config, method, otp, magicLink, t.locale],
  );
  const label = method === 'otp' ? t('button.emailOTP') : method === 'eml' ? t('button.emailMagicLink') : undefined;
  return { method, label, send };
}
