import { Heading } from '../components/Heading.tsx';
import { useWidget, useStrings } from '../context.ts';
import { PasskeyList, usePasskeyList } from './PasskeyList.tsx';
import { passkeyMessages } from '../i18n/en/passkey.ts';
import { useGo } from '../hooks/useGo.ts';

/** 'Passkey successfully created!': the existing passkeys with rename and delete, then another or done. */
export default function PasskeyRegistrationSuccess() {
  const t = useStrings(passkeyMessages);
  const { callbacks } = useWidget();
  const go = useGo();
  const list = usePasskeyList(true);
  const { row } = list;

  // Leaving waits for a pending change, so the next screen sees it settled.
  const another = async () => {
    await list.settled();
    go('PasskeyRegistrationStart');
  };
  const done = async () => {
    await list.settled();
    callbacks.onEvent({ type: 'PASSKEY_DONE', data: {} });
  };

  return (
    <section part="container">
      <Heading>{t('passkey.registrationSuccess.title')}</Heading>
      <PasskeyList list={list} />
      {row.type === 'deleting' ? null : (
        <div css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <button type="button" part="button button-primary" disabled={row.type === 'editing'} onClick={() => void another()}>
            {t('passkey.registrationSuccess.setupAnother')}
          </button>
          <button type="button" part="button button-secondary" disabled={row.type === 'editing'} onClick={() => void done()}>
            {t('button.done')}
          </button>
        </div>
      )}
    </section>
  );
}
