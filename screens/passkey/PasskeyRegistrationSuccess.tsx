import { useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { Heading } from '../components/Heading.tsx';
import { useWidget } from '../context.ts';
import { transitionAtom } from '../state/atoms.ts';
import { usePasskeyFailureLog } from './log.ts';
import { PasskeyRow, type PasskeyItem, type RowState } from './PasskeyRow.tsx';
import { passkeyStrings as s } from './strings.ts';

/** The user's passkeys, kept in step with the client's user (loaded once, then followed). */
function useRegistrations(): [PasskeyItem[], (items: PasskeyItem[]) => void] {
  const { client } = useWidget();
  const logPasskeyFailure = usePasskeyFailureLog();
  const [items, setItems] = useState<PasskeyItem[]>(() => client?.user.getSync()?.webauthn_registrations ?? []);
  useEffect(() => {
    if (!client) return;
    const stop = client.user.onChange((u) => setItems(u?.webauthn_registrations ?? []));
    client.user.get().then(
      (u) => setItems(u.webauthn_registrations),
      (e: unknown) => logPasskeyFailure('list load', e),
    );
    return stop;
  }, [client, logPasskeyFailure]);
  return [items, setItems];
}

/** 'Passkey successfully created!': the existing passkeys with rename and delete, then another or done. */
export default function PasskeyRegistrationSuccess() {
  const { client, callbacks } = useWidget();
  const logPasskeyFailure = usePasskeyFailureLog();
  const go = useSetAtom(transitionAtom);
  const [items, setItems] = useRegistrations();
  const [optimistic, setOptimistic] = useState<PasskeyItem[] | null>(null);
  const [row, setRow] = useState<RowState>({ type: 'viewing' });
  // The pending change; leaving the screen waits for it so the next screen sees it settled.
  const pending = useRef<Promise<unknown>>(Promise.resolve());
  const shown = optimistic ?? items;
  const listId = useId();

  /** Shows `next` at once, then settles on the provider's answer; on failure the old list returns. */
  const change = (next: PasskeyItem[], what: string, call: () => Promise<PasskeyItem[]>) => {
    setOptimistic(next);
    setRow({ type: 'viewing' });
    pending.current = call().then(
      (fresh) => {
        setItems(fresh);
        setOptimistic(null);
      },
      (e: unknown) => {
        logPasskeyFailure(what, e);
        setOptimistic(null);
      },
    );
  };
  const rename = (id: string, name: string) => {
    if (!client) return;
    change(
      shown.map((r) => (r.webauthn_registration_id === id ? { ...r, name } : r)),
      'rename',
      async () => {
        await client.webauthn.update({ webauthn_registration_id: id, name });
        return (await client.user.get()).webauthn_registrations;
      },
    );
  };
  const remove = (id: string) => {
    if (!client) return;
    change(
      shown.filter((r) => r.webauthn_registration_id !== id),
      'delete',
      async () => (await client.user.deleteWebauthnRegistration(id)).user.webauthn_registrations,
    );
  };
  const another = async () => {
    await pending.current;
    go('PasskeyRegistrationStart');
  };
  const done = async () => {
    await pending.current;
    callbacks.onEvent({ type: 'PASSKEY_DONE', data: {} });
  };

  return (
    <section part="container">
      <Heading>{s.successTitle}</Heading>
      {shown.length > 0 ? (
        <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <h2 id={listId} css={{ margin: 0, fontSize: 'inherit', fontWeight: 600 }}>
            {s.existing}
          </h2>
          <ul aria-labelledby={listId} css={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
            {shown.map((r) => (
              <PasskeyRow key={r.webauthn_registration_id} item={r} state={row} setState={setRow} onRename={rename} onDelete={remove} />
            ))}
          </ul>
        </div>
      ) : null}
      {row.type === 'deleting' ? null : (
        <div css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <button type="button" part="button button-primary" disabled={row.type === 'editing'} onClick={() => void another()}>
            {s.setUpAnother}
          </button>
          <button type="button" part="button button-secondary" disabled={row.type === 'editing'} onClick={() => void done()}>
            {s.done}
          </button>
        </div>
      )}
    </section>
  );
}
