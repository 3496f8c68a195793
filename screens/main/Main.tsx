import { lazy, startTransition, Suspense, useEffect, useMemo, useState } from 'react';
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
    // A transition: over server markup still being hydrated, React waits for it instead of
    // dropping it (and what the user typed) for a fresh render.
    void client.webauthn.browserSupportsAutofill().then((ok) => live && startTransition(() => setLast(ok)));
    return () => {
      live = false;
    };
  }, [enabled, hasForm, client]);
  return last;
}

/**
 * Whether bootstrap asks for the 'Powered by' watermark, following its refresh. It starts
 * hidden, as server markup has it (no client there), and changes in a transition (see above).
 */
function useWatermark(): boolean {
  const { client } = useWidget();
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (!client) return;
    const apply = (b: { disable_sdk_watermark: boolean }) => startTransition(() => setShow(!b.disable_sdk_watermark));
    apply(client.bootstrap.getSync());
    return client.bootstrap.onChange(apply);
  }, [client]);
  return show;
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
