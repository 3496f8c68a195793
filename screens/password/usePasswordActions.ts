import { useCallback, useContext, useMemo } from 'react';
import { useWidget } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { WordsContext } from '../i18n/words.ts';
import { sendMagicLink } from '../send/send.ts';
import { useSent } from '../send/useSent.ts';
import { type ScreenName } from '../state/atoms.ts';
import { useSignedIn } from '../hooks/useSignedIn.ts';
import { resetStartOptions } from './options.ts';
import { useGo } from '../hooks/useGo.ts';
import { apiErrorType, useReportError } from '../hooks/useReportError.ts';

/** The error type that asks for a reset by email before any password sign-in (SPEC §4). */
export const RESET_PASSWORD_ERROR = 'reset_password';

/** The password flow's shared steps: start a reset, finish a sign-in (or reset instead), log in without a password. */
export function usePasswordActions() {
  const { client, config, callbacks } = useWidget();
  const go = useGo();
  const report = useReportError();
  const { magicLink } = useSent();
  // The widget's language, for the emails these steps send.
  const { locale } = useContext(WordsContext);

  /** Emails a reset link for `email`; moves to `then` when given. */
  const startReset = useCallback(
    async (email: string, then?: ScreenName) => {
      const r = await requireClient(client).passwords.resetByEmailStart(resetStartOptions(config, email, locale));
      callbacks.onEvent({ type: 'PASSWORD_RESET_BY_EMAIL_START', data: r });
      if (then) go(then);
    },
    [client, config, callbacks, go, locale],
  );

  const finish = useSignedIn();
  /** Reports a sign-in and shows 'Success!'. */
  const signedIn = useCallback((type: string, data: unknown) => finish(type, data, type === 'MAGIC_LINK_AUTHENTICATE' ? 'magic_link' : 'password'), [finish]);

  /**
   * Signs in with what `call` answers; an error that asks for a new password first (`resets`:
   * its type, and the screen the reset goes on to) is reported and starts that reset instead.
   */
  const signInOrReset = useCallback(
    async (email: string, type: string, call: () => Promise<unknown>, resets: Partial<Record<string, ScreenName>>) => {
      try {
        signedIn(type, await call());
      } catch (err) {
        const next = resets[apiErrorType(err) ?? ''];
        if (!next) throw err;
        report(err);
        await startReset(email, next);
      }
    },
    [signedIn, report, startReset],
  );

  /** Sends a magic link (login or create) to `email`, then 'Check your email'. */
  const loginWithoutPassword = useCallback(
    async (email: string) => {
      const r = await sendMagicLink(requireClient(client), config, email, locale);
      magicLink(email, false, r.link_request);
    },
    [client, config, magicLink, locale],
  );

  return useMemo(() => ({ startReset, signedIn, signInOrReset, loginWithoutPassword }), [startReset, signedIn, signInOrReset, loginWithoutPassword]);
}
