import { useCallback, useEffect, useState } from 'react';
import { asError } from '../../client/errors.ts';
import { useEffectCallback } from '../hooks/useEffectCallback.ts';
import { ErrorText } from '../components/ErrorText.tsx';
import { Heading } from '../components/Heading.tsx';
import { useWidget, useStrings } from '../context.ts';
import { useAction } from '../hooks/useAction.ts';
import { creationErrorText } from './errors.ts';
import { PasskeyList, usePasskeyList } from './PasskeyList.tsx';
import { passkeyMessages } from '../i18n/en/passkey.ts';
import { useGo } from '../hooks/useGo.ts';
import { deviceStorageOf } from './deviceStorage.ts';
import { markDevice } from './upgrade.ts';

type UserState = 'loading' | 'hasUser' | 'noUser';

/**
 * 'Set up a new Passkey': create one or skip; only for a signed-in user (SPEC §6). A user who
 * already has passkeys sees them here too ('Existing Passkeys', with rename and delete), so the
 * flow still starts at this screen (SPEC §2) without hiding them until one more is created.
 */
export default function PasskeyRegistrationStart() {
  const t = useStrings(passkeyMessages);
  const { client, config, callbacks, env } = useWidget();
  const go = useGo();
  // A locally known user shows the screen at once; the check below still confirms it.
  const [user, setUser] = useState<UserState>(() => (client?.user.getSync() ? 'hasUser' : 'loading'));
  // A failed creation reads as SPEC §8 words it, not as the provider's message.
  const describeCreation = useCallback((e: unknown) => creationErrorText(e, t), [t]);
  const { busy, error, run } = useAction(describeCreation);
  // Filled from the user fetch below: one call opens the screen.
  const list = usePasskeyList(false);
  const { row, setItems } = list;

  // In the words of the moment: the locale arriving later does not check the user again.
  const reportNoUser = useEffectCallback(() => callbacks.onError(new Error(t('passkey.registrationStart.error.noUser'))));
  useEffect(() => {
    if (!client) return setUser('noUser');
    const noUser = () => {
      setUser('noUser');
      reportNoUser();
    };
    // Without a session token the fetch below can only fail (and log a 401 in the console).
    if (!client.session.getTokens()) return noUser();
    let live = true;
    // The page may sign out under the screen: it then says what it needs, as when mounted signed
    // out, and an answer that comes after (fetched before the sign-out, or refused because of
    // it) neither shows the user nor reaches onError as the provider's session error.
    const stop = client.session.onChange((s) => void (live && !s && noUser()));
    client.user.get().then(
      (u) => {
        if (!live || !client.session.getTokens()) return;
        setItems(u.webauthn_registrations);
        setUser('hasUser');
      },
      (e: unknown) => {
        if (!live || !client.session.getTokens()) return;
        setUser('noUser');
        callbacks.onError(asError(e));
      },
    );
    return () => {
      live = false;
      stop();
    };
  }, [client, callbacks, setItems, reportNoUser]);

  const create = () => {
    if (!client) return;
    void run(async () => {
      const r = await client.webauthn.register({ is_passkey: true, session_duration_minutes: config.session.sessionDurationMinutes, domain: config.passkeys.domain });
      // Made on this device: the upgrade offer after a sign-in never shows here for this user.
      markDevice(deviceStorageOf(env), r.user_id);
      callbacks.onEvent({ type: 'PASSKEY_REGISTER', data: r });
      go('PasskeyRegistrationSuccess');
    });
  };
  const skip = async () => {
    // As on the success screen, leaving waits for a pending rename or delete to settle.
    await list.settled();
    callbacks.onEvent({ type: 'PASSKEY_SKIP', data: {} });
    go('PasskeyRegistrationSuccess');
  };

  if (user === 'loading') return <section part="container" aria-busy="true" />;
  if (user === 'noUser') {
    return (
      <section part="container">
        <ErrorText message={t('passkey.registrationStart.error.noUser')} />
      </section>
    );
  }
  return (
    <section part="container">
      <Heading>{t('passkey.registrationStart.title')}</Heading>
      <p css={{ margin: 0 }}>{t('passkey.registrationStart.subtitle')}</p>
      <p part="helper" css={{ margin: 0 }}>
        {t('passkey.registrationStart.description')}
      </p>
      <PasskeyList list={list} />
      {/* While a row is changed the buttons are disabled, or hidden during a delete (SPEC §2). */}
      {row.type === 'deleting' ? null : (
        <div css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <button type="button" part="button button-primary" disabled={busy || row.type === 'editing'} aria-busy={busy} onClick={create}>
            {t('button.createPasskey')}
          </button>
          <ErrorText message={error} />
          <button type="button" part="button button-secondary" disabled={busy || row.type === 'editing'} onClick={() => void skip()}>
            {t('button.skip')}
          </button>
        </div>
      )}
    </section>
  );
}
