import { startTransition, Suspense, useEffect, useMemo, useState } from 'react';
import { Heading } from '../components/Heading.tsx';
import { prefetch } from '../components/preloadable.ts';
import { useWidget, useStrings } from '../context.ts';
import { blocks, formOf, nextFromMain } from './blocks.ts';
import { LoginForm } from './LoginForm.tsx';
import { loginMethods, oauthButtonCount } from './methods.ts';
import { afterPaint, whenIdle } from '../schedule.ts';

const { OAuthButtons, WalletButtons, Divider, PoweredBy, PasskeyButton, PasskeyAutofill } = blocks;

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
    // The stored bootstrap is read once Main has painted: it is often the page's first storage
    // read, which waits on the browser, and the footer follows in a transition anyway.
    const cancel = afterPaint(() => apply(client.bootstrap.getSync()));
    const stop = client.bootstrap.onChange(apply);
    return () => {
      cancel();
      stop();
    };
  }, [client]);
  return show;
}

/**
 * Prefetches what one step from Main needs (the next screens, the other tabs' forms): when the
 * browser is next idle, or soon after the user shows intent (focus, hover, press). Soon, not in
 * the handler: the focus that lands in the email field comes just before the first keystroke,
 * which would wait for the prefetch's work (bench/RESULTS.md); the next screen is needed only
 * after a submit.
 */
function usePrefetchNext(): () => void {
  const { config, screens } = useWidget();
  const [next, intent] = useMemo(() => {
    let done = false;
    let asked = false;
    const run = () => {
      if (done) return;
      done = true;
      const { screens: names, forms } = nextFromMain(config);
      prefetch(...names.map((n) => screens[n] as { preload?(): Promise<unknown> }), ...forms);
    };
    // Pointer-over fires at every element the pointer crosses: only the first intent asks.
    const intent = () => {
      if (done || asked) return;
      asked = true;
      whenIdle(run, 50);
    };
    return [run, intent] as const;
  }, [config, screens]);
  useEffect(() => {
    // Only once Main's own first form is in (its requests go first), then when the browser is idle.
    // And only after Main has painted: asking for an idle callback costs time of its own.
    let live = true;
    const first = loginMethods(config)[0];
    let cancel = afterPaint(() => {
      void (first ? formOf(first).preload() : Promise.resolve())
        .catch(() => {})
        .then(() => {
          if (live) cancel = whenIdle(next, 2000);
        });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [next, config]);
  return intent;
}

/** The Main screen: the only screen in the initial bundle (SPEC §2). */
export function Main() {
  const { styles, config } = useWidget();
  const t = useStrings();
  const prefetchNext = usePrefetchNext();
  const logo = styles.logo?.logoImageUrl;
  const methods = useMemo(() => loginMethods(config), [config]);
  const oauthCount = oauthButtonCount(config);
  const crypto = config.products.includes('crypto');
  const passkeys = config.products.includes('passkeys');
  const passkeyLast = usePasskeyLast(passkeys, methods.length > 0);
  const social = oauthCount > 0 || crypto;
  const watermark = useWatermark();
  return (
    <section part="container" onFocus={prefetchNext} onPointerOver={prefetchNext} onPointerDown={prefetchNext}>
      {logo ? <img part="logo" src={logo} alt={styles.logo?.alt ?? ''} css={{ alignSelf: 'center', maxHeight: 50, maxWidth: '100%' }} /> : null}
      {styles.hideHeaderText || styles.displayHeader === false ? null : <Heading>{t('login.title')}</Heading>}
      <Suspense fallback={null}>
        {passkeys && !passkeyLast ? <PasskeyButton /> : null}
        {methods.length > 0 && config.formFirst ? <LoginForm methods={methods} /> : null}
        {social && methods.length > 0 && config.formFirst ? <Divider /> : null}
        {oauthCount > 0 ? <OAuthButtons /> : null}
        {crypto ? <WalletButtons oauthCount={oauthCount} /> : null}
        {social && methods.length > 0 && !config.formFirst ? <Divider /> : null}
        {methods.length > 0 && !config.formFirst ? <LoginForm methods={methods} /> : null}
        {passkeys && passkeyLast ? <PasskeyButton /> : null}
        {passkeys && passkeyLast ? <PasskeyAutofill /> : null}
        {watermark ? <PoweredBy /> : null}
      </Suspense>
    </section>
  );
}
