import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useWidgetId } from '../hooks/useWidgetId.ts';
import { Spinner } from '../components/Spinner.tsx';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { OAuthButton } from './OAuthButton.tsx';
import type { OAuthProviderConfig } from '../config/schema.ts';
import { logOf } from '../env.ts';
import { browserOneTapEnv } from '../components/oneTap/googleIdentity.ts';
import { OneTapFailure } from '../components/oneTap/OneTapFailure.tsx';
import { ONE_TAP_EMBEDDED_HEIGHT, oneTapMode, RESIZE_DEBOUNCE_MS } from '../components/oneTap/oneTapPositions.ts';
import { useGoogleOneTap, type OneTapFlow } from '../components/oneTap/useGoogleOneTap.ts';
import { oauthMessages } from '../i18n/en/oauth.ts';

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
  const [height, setHeight] = useState(ONE_TAP_EMBEDDED_HEIGHT);
  const parentId = `stytch-one-tap-${useWidgetId()}`;
  const slot = useRef<HTMLDivElement>(null);
  const options = config.oauth;
  const loginRedirectURL = provider.loginRedirectURL ?? options.loginRedirectURL;
  const signupRedirectURL = provider.signupRedirectURL ?? options.signupRedirectURL;
  // The login line's One Tap: a single-use callback id from the start, the credential with the redirect URLs.
  const flow = useMemo<OneTapFlow<string>>(
    () => ({
      start: async () => {
        const s = await requireClient(client).oneTap.start();
        return { clientId: s.googleClientId, started: s.oauthCallbackId };
      },
      submit: async (idToken, oauthCallbackId) =>
        (await requireClient(client).oneTap.submit({ idToken, oauthCallbackId, ...(loginRedirectURL ? { loginRedirectURL } : {}), ...(signupRedirectURL ? { signupRedirectURL } : {}) })).redirect_url,
    }),
    [client, loginRedirectURL, signupRedirectURL],
  );
  const status = useGoogleOneTap({ mode, parentId, cancelOnTapOutside: provider.cancel_on_tap_outside, env, log, couldNotLoad: t('oneTap.couldNotLoad'), flow });

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

  const button = <OAuthButton provider={provider} onError={onError} />;

  if (status.kind === 'failed') {
    return (
      <OneTapFailure status={status} publicToken={client?.publicToken ?? ''} origin={env.origin()}>
        {button}
      </OneTapFailure>
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
