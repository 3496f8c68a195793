import { useAtomValue } from 'jotai';
import { asError } from '../../client/errors.ts';
import { useEffect, useRef, useState } from 'react';
import { ErrorText } from '../components/ErrorText.tsx';
import { useStrings, useWidget } from '../context.ts';
import { useReportError } from '../hooks/useReportError.ts';
import { passkeyMessages } from '../i18n/en/passkey.ts';
import { signInMethodAtom } from '../state/atoms.ts';
import { deviceStorageOf } from './deviceStorage.ts';
import { isCancellation } from './errors.ts';
import { deviceHasPasskey, isMarked, markDevice, upgradeWay, type UpgradeMethod } from './upgrade.ts';

/**
 * checking: deciding (nothing shown); none: no offer (option off, no WebAuthn or platform
 * authenticator, a passkey here already); quiet: a conditional create is pending; offer: the
 * one-tap prompt; busy: its creation is running; added: done.
 */
type Phase = 'checking' | 'none' | 'quiet' | 'offer' | 'busy' | 'added';

const isExcluded = (e: unknown) => (e as { name?: unknown } | null)?.name === 'InvalidStateError';

/**
 * The passkey upgrade on a success screen (the `passkeyUpgrade` option): after a password,
 * passcode or magic-link sign-in, on a device with a platform authenticator and no passkey of
 * this user yet (passkey/upgrade.ts), a passkey is made without a detour. After a password
 * filled by the browser's password manager, by conditional create: the browser makes it quietly,
 * or declines and the prompt shows; otherwise a one-tap prompt, 'Add a passkey'. Either way the
 * status line says what happened, announced politely after the success heading.
 */
export default function PasskeyUpgrade() {
  const t = useStrings(passkeyMessages);
  const { client, config, callbacks, env } = useWidget();
  const method = useAtomValue(signInMethodAtom);
  const report = useReportError();
  const [phase, setPhase] = useState<Phase>('checking');
  const [error, setError] = useState<string>();
  const status = useRef<HTMLParagraphElement>(null);
  const storage = deviceStorageOf(env);
  const options = { is_passkey: true, session_duration_minutes: config.session.sessionDurationMinutes, domain: config.passkeys.domain };

  const added = (r: { user_id: string }) => {
    markDevice(storage, r.user_id);
    callbacks.onEvent({ type: 'PASSKEY_REGISTER', data: r });
    setPhase('added');
  };

  useEffect(() => {
    if (!client || !method || method === 'oauth') return setPhase('none');
    const way = method as UpgradeMethod;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      try {
        if (!client.session.getTokens() || !globalThis.PublicKeyCredential || !(await client.webauthn.browserSupportsPlatformPasskey())) return setPhase('none');
        const user = client.user.getSync() ?? (await client.user.get());
        const facts = {
          userId: user.user_id,
          registrations: user.webauthn_registrations ?? [],
          userAgent: globalThis.navigator?.userAgent ?? '',
          rpId: config.passkeys.domain ?? globalThis.location.hostname,
          marked: isMarked(storage, user.user_id),
        };
        if (signal.aborted) return;
        if (deviceHasPasskey(facts)) return setPhase('none');
        if (upgradeWay(way, await client.webauthn.browserSupportsConditionalCreate()) === 'prompt') return setPhase(signal.aborted ? 'none' : 'offer');
        setPhase('quiet');
        try {
          added(await client.webauthn.register({ ...options, conditional_mediation: true, signal }));
        } catch (e) {
          if (signal.aborted) return;
          // This authenticator has one already (excluded): remember it and offer nothing.
          if (isExcluded(e)) {
            markDevice(storage, user.user_id);
            return setPhase('none');
          }
          // The browser declined to make one quietly (no password it just filled): the prompt instead.
          setPhase('offer');
        }
      } catch (e) {
        // Not knowing the user or the browser is no reason to bother the user: no offer, the host hears why.
        if (!signal.aborted) {
          setPhase('none');
          callbacks.onError(asError(e));
        }
      }
    })();
    return () => controller.abort();
    // Decided once per success screen; later changes of the config object do not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, method]);

  // The one-tap prompt: a modal creation. Success moves focus to the status line, as the button goes away.
  const create = async () => {
    if (!client || phase === 'busy') return;
    setPhase('busy');
    setError(undefined);
    try {
      added(await client.webauthn.register(options));
      queueMicrotask(() => status.current?.focus());
    } catch (e) {
      setPhase('offer');
      if (isCancellation(e)) return;
      report(e);
      if (isExcluded(e)) {
        const userId = client.user.getSync()?.user_id;
        if (userId) markDevice(storage, userId);
        return setError(t('error.duplicatePasskey'));
      }
      setError(t('passkey.upgrade.error'));
    }
  };

  if (phase === 'none') return null;
  const offered = phase === 'offer' || phase === 'busy';
  return (
    <div part="passkey-upgrade" css={{ display: 'flex', flexDirection: 'column', gap: 12, alignSelf: 'stretch' }}>
      {/* Present from the start (empty while deciding), so its text is announced as it appears. */}
      <p role="status" tabIndex={-1} ref={status} css={{ margin: 0 }}>
        {offered ? t('passkey.upgrade.offer') : phase === 'added' ? t('passkey.upgrade.added') : ''}
      </p>
      {offered ? (
        <button type="button" part="button button-primary" disabled={phase === 'busy'} aria-busy={phase === 'busy'} onClick={() => void create()}>
          {t('button.addPasskey')}
        </button>
      ) : null}
      <ErrorText message={error} />
    </div>
  );
}
