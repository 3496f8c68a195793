import { useEffect, useState } from 'react';
import { apiErrorType } from '../../hooks/useReportError.ts';
import type { OneTapEnv, PromptMoment } from '../../env.ts';
import { isOneTapErrorKind } from './oneTapMessages.ts';

/** Where One Tap stands: waiting for Google, its prompt shown, or not shown (with the reason, SPEC §8's kinds). */
export type OneTapStatus = { kind: 'pending' } | { kind: 'shown' } | { kind: 'failed'; reason: string };

/** Google's reasons for not showing the prompt, in the error kinds of SPEC §8. */
function promptFailure(m: PromptMoment): string | undefined {
  if (m.isNotDisplayed?.()) {
    const reason = m.getNotDisplayedReason?.() ?? 'unknown_reason';
    return reason === 'unregistered_origin' ? 'origin_not_allowed_for_client' : reason;
  }
  if (m.isSkippedMoment?.()) return m.getSkippedReason?.() === 'user_cancel' ? 'user_cancel' : (m.getSkippedReason?.() ?? 'user_cancel');
  if (m.isDismissedMoment?.() && m.getDismissedReason?.() !== 'credential_returned') return 'user_cancel';
  return undefined;
}

const errorType = (err: unknown): string => apiErrorType(err) ?? 'unknown_reason';

/** What a product line's One Tap does with the provider: its start (Google's client id and whatever submit needs) and submit. */
export interface OneTapFlow<S> {
  /** The project's Google client id ('' when none is configured), and what submit needs of the start. */
  start(): Promise<{ clientId: string; started: S }>;
  /** The credential Google handed the page; answers the redirect URL that carries the sign-in's token. */
  submit(credential: string, started: S): Promise<string>;
}

/**
 * Google One Tap's lifecycle, shared by the login and B2B elements (each passes its own start
 * and submit): the client id, Google's script, `initialize` (into `parentId` when embedded),
 * `prompt`, then on a credential the submit and the navigation to its redirect URL. One
 * attempt per mount; the prompt is cancelled on unmount. Failures end in `failed` with the
 * reason; a reason without a developer message (and not the user's cancel) is also logged.
 */
export function useGoogleOneTap<S>(o: {
  mode: 'embedded' | 'floating' | 'none';
  parentId: string;
  cancelOnTapOutside: boolean | undefined;
  env: OneTapEnv;
  log(message: string, detail: unknown): void;
  couldNotLoad: string;
  flow: OneTapFlow<S>;
}): OneTapStatus {
  const { mode, parentId, cancelOnTapOutside, env, log, couldNotLoad, flow } = o;
  const [status, setStatus] = useState<OneTapStatus>(mode === 'none' ? { kind: 'failed', reason: 'position_not_available' } : { kind: 'pending' });
  useEffect(() => {
    if (mode === 'none') return;
    let live = true;
    let cancel: (() => void) | undefined;
    const fail = (reason: string, detail?: unknown) => {
      if (!live) return;
      if (!isOneTapErrorKind(reason) && reason !== 'user_cancel') log(couldNotLoad, detail ?? reason);
      setStatus({ kind: 'failed', reason });
    };
    (async () => {
      let settings;
      try {
        settings = await flow.start();
      } catch (err) {
        return fail(errorType(err), err);
      }
      if (!settings.clientId) return fail('oauth_config_not_found');
      const google = await env.loadGoogle();
      if (!live) return;
      google.initialize({
        client_id: settings.clientId,
        ...(mode === 'embedded' ? { prompt_parent_id: parentId } : {}),
        ...(cancelOnTapOutside !== undefined ? { cancel_on_tap_outside: cancelOnTapOutside } : {}),
        callback: ({ credential }) => {
          flow.submit(credential, settings.started).then(
            (url) => env.navigate(url),
            (err: unknown) => fail(errorType(err), err),
          );
        },
      });
      cancel = () => google.cancel();
      google.prompt((moment) => {
        const reason = promptFailure(moment);
        if (reason) fail(reason, moment);
        else if (live) setStatus({ kind: 'shown' });
      });
    })().catch((err: unknown) => fail('unknown_reason', err));
    return () => {
      live = false;
      cancel?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one attempt per mount: the prompt belongs to this render of Main
  }, []);
  return status;
}
