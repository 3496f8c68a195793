import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Spinner } from '../components/Spinner.tsx';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { apiErrorType } from '../hooks/useReportError.ts';
import { OAuthButton } from './OAuthButton.tsx';
import type { OAuthProviderConfig } from '../config/schema.ts';
import { logOf, type PromptMoment } from '../env.ts';
import { browserOneTapEnv } from './googleIdentity.ts';
import { isOneTapErrorKind, oneTapDeveloperMessage } from './oneTapMessages.ts';
import { ONE_TAP_EMBEDDED_HEIGHT, oneTapMode, RESIZE_DEBOUNCE_MS } from './oneTapPositions.ts';
import { oauthMessages } from '../i18n/en/oauth.ts';

type Status = { kind: 'pending' } | { kind: 'shown' } | { kind: 'failed'; reason: string };

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

/**
 * Google One Tap (SPEC §2): pending (a spinner in the 47 px embedded slot), then shown or
 * failed. Whenever the prompt is not showing, cancelled or failed, the normal Google button
 * is there instead. Known error kinds get a developer message with a test token only;
 * other failures are only logged.
 */
export default function GoogleOneTap({ provider, onError, onlyProvider }: { provider: OAuthProviderConfig; onError(message: string | undefined): void; onlyProvider: boolean }) {
  const t = useStrings(oauthMessages);
  const { client, config, env: widgetEnv } = useWidget();
  const { timers } = widgetEnv;
  const env = widgetEnv.oneTap ?? browserOneTapEnv;
  const log = logOf(widgetEnv);
  const [mode] = useState(() => oneTapMode(provider.position, env.supportsFedCM()));
  const [status, setStatus] = useState<Status>(mode === 'none' ? { kind: 'failed', reason: 'position_not_available' } : { kind: 'pending' });
  const [height, setHeight] = useState(ONE_TAP_EMBEDDED_HEIGHT);
  const parentId = `stytch-one-tap-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const slot = useRef<HTMLDivElement>(null);
  const options = config.oauth;
  const loginRedirectURL = provider.loginRedirectURL ?? options.loginRedirectURL;
  const signupRedirectURL = provider.signupRedirectURL ?? options.signupRedirectURL;

  useEffect(() => {
    if (mode === 'none') return;
    let live = true;
    let cancel: (() => void) | undefined;
    const fail = (reason: string, detail?: unknown) => {
      if (!live) return;
      if (!isOneTapErrorKind(reason) && reason !== 'user_cancel') log(t('oneTap.couldNotLoad'), detail ?? reason);
      setStatus({ kind: 'failed', reason });
    };
    (async () => {
      const c = requireClient(client);
      let settings;
      try {
        settings = await c.oneTap.start();
      } catch (err) {
        return fail(errorType(err), err);
      }
      if (!settings.googleClientId) return fail('oauth_config_not_found');
      const google = await env.loadGoogle();
      if (!live) return;
      google.initialize({
        client_id: settings.googleClientId,
        ...(mode === 'embedded' ? { prompt_parent_id: parentId } : {}),
        ...(provider.cancel_on_tap_outside !== undefined ? { cancel_on_tap_outside: provider.cancel_on_tap_outside } : {}),
        callback: ({ credential }) => {
          c.oneTap
            .submit({ idToken: credential, oauthCallbackId: settings.oauthCallbackId, ...(loginRedirectURL ? { loginRedirectURL } : {}), ...(signupRedirectURL ? { signupRedirectURL } : {}) })
            .then(
              ({ redirect_url }) => env.navigate(redirect_url),
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

  // Google's script looks the prompt's parent up by id in the document, which cannot see
  // into a shadow root: there the parent lives in the host's light DOM, slotted back in.
  const [lightParent, setLightParent] = useState<HTMLElement>();
  useLayoutEffect(() => {
    const root = slot.current?.getRootNode();
    if (mode !== 'embedded' || !(root instanceof ShadowRoot)) return;
    const el = root.ownerDocument.createElement('div');
    el.id = parentId;
    el.slot = parentId;
    root.host.append(el);
    setLightParent(el);
    return () => el.remove();
  }, [mode, parentId]);

  // Google's prompt resizes itself inside the embedded slot; the slot follows it once the
  // size has settled (SPEC §9 resize debounce), so the prompt's animation does not jolt it.
  useEffect(() => {
    const el = lightParent ?? slot.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let timer: unknown;
    const ro = new ResizeObserver(([entry]) => {
      const h = entry?.contentRect.height ?? 0;
      if (h <= 0) return;
      timers.clearTimeout(timer);
      timer = timers.setTimeout(() => setHeight(h), RESIZE_DEBOUNCE_MS);
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      timers.clearTimeout(timer);
    };
  }, [status.kind, lightParent, timers]);

  const testToken = (client?.publicToken ?? '').startsWith('public-token-test');
  const message = status.kind === 'failed' && testToken && isOneTapErrorKind(status.reason) ? oneTapDeveloperMessage(status.reason, env.origin()) : undefined;
  const button = <OAuthButton provider={provider} onError={onError} />;

  if (status.kind === 'failed') {
    return (
      <>
        {message ? (
          <p part="error one-tap-error" css={{ color: 'var(--stytch-colors-error)', margin: 0 }}>
            {message}
          </p>
        ) : null}
        {button}
      </>
    );
  }
  if (mode === 'floating') {
    // Google draws the floating prompt itself; the button stays unless Google is all there is.
    return onlyProvider && status.kind === 'shown' ? null : button;
  }
  return (
    <div part="one-tap" data-state={status.kind} css={{ height, transition: 'height 0.2s', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
      {status.kind === 'pending' ? (
        <div role="status" css={{ display: 'flex' }}>
          <Spinner size={25} thickness={2} label={t('oneTap.loading')} />
        </div>
      ) : null}
      <div id={lightParent ? undefined : parentId} ref={slot} css={{ width: '100%' }}>
        {lightParent ? <slot name={parentId} /> : null}
      </div>
    </div>
  );
}
