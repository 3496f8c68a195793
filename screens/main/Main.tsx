import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Heading } from '../components/Heading.tsx';
import { useWidget } from '../context.ts';
import { LoginForm } from './LoginForm.tsx';
import { loginMethods } from './methods.ts';

// Blocks only some configs show load on demand, so a host pays only for what it configured.
const OAuthButtons = lazy(() => import('../oauth/OAuthButtons.tsx').then((m) => ({ default: m.OAuthButtons })));
const WalletButtons = lazy(() => import('../crypto/WalletButtons.tsx').then((m) => ({ default: m.WalletButtons })));
// The divider comes only with a social block, itself on demand, so it loads alongside.
const Divider = lazy(() => import('../components/Divider.tsx').then((m) => ({ default: m.Divider })));
const PoweredBy = lazy(() => import('./PoweredBy.tsx').then((m) => ({ default: m.PoweredBy })));
const PasskeyButton = lazy(() => import('../passkey/PasskeyButton.tsx').then((m) => ({ default: m.PasskeyButton })));
// Autofill rides in the button's chunk: both come with passkeys, and one chunk keeps the split small.
const PasskeyAutofill = lazy(() => import('../passkey/PasskeyButton.tsx').then((m) => ({ default: m.PasskeyAutofill })));

/**
 * SPEC §2: the passkey button comes first, unless the browser offers passkey autofill and an
 * email, OTP or password form is there to carry it; then it goes last.
 */
function usePasskeyLast(enabled: boolean, hasForm: boolean): boolean {
  const { client } = useWidget();
  const [last, setLast] = useState(false);
  useEffect(() => {
    if (!enabled || !hasForm || !client) return setLast(false);
    let live = true;
    void client.webauthn.browserSupportsAutofill().then((ok) => live && setLast(ok));
    return () => {
      live = false;
    };
  }, [enabled, hasForm, client]);
  return last;
}

const noWatermark = () => false;

/**
 * Whether bootstrap asks for the 'Powered by' watermark, following its refresh. Server markup
 * has none (no client there): hydration starts from that and shows it afterwards if asked.
 */
function useWatermark(): boolean {
  const { client } = useWidget();
  const subscribe = useCallback((changed: () => void) => client?.bootstrap.onChange(changed) ?? (() => {}), [client]);
  const show = useCallback(() => (client ? !client.bootstrap.getSync().disable_sdk_watermark : false), [client]);
  return useSyncExternalStore(subscribe, show, noWatermark);
}

/** The Main screen: the only screen in the initial bundle (SPEC §2). */
export function Main() {
  const { styles, strings, config } = useWidget();
  const logo = styles.logo?.logoImageUrl;
  const methods = useMemo(() => loginMethods(config), [config]);
  const oauthCount = config.products.includes('oauth') ? config.oauth.providers.length : 0;
  const crypto = config.products.includes('crypto');
  const passkeys = config.products.includes('passkeys');
  const passkeyLast = usePasskeyLast(passkeys, methods.length > 0);
  const social = oauthCount > 0 || crypto;
  const watermark = useWatermark();
  return (
    <section part="container">
      {logo ? <img part="logo" src={logo} alt="" css={{ alignSelf: 'center', maxHeight: 50, maxWidth: '100%' }} /> : null}
      {styles.hideHeaderText || styles.displayHeader === false ? null : <Heading>{strings.mainHeader}</Heading>}
      <Suspense fallback={null}>
        {passkeys && !passkeyLast ? <PasskeyButton /> : null}
        {oauthCount > 0 ? <OAuthButtons /> : null}
        {crypto ? <WalletButtons oauthCount={oauthCount} /> : null}
        {social && methods.length > 0 ? <Divider /> : null}
        {methods.length > 0 ? <LoginForm methods={methods} /> : null}
        {passkeys && passkeyLast ? <PasskeyButton /> : null}
        {passkeys && passkeyLast ? <PasskeyAutofill /> : null}
        {watermark ? <PoweredBy /> : null}
      </Suspense>
    </section>
  );
}
