import { useEffect, useRef, useState } from 'react';
import { useWidgetId } from '../hooks/useWidgetId.ts';
import { useWidget, useStrings } from '../context.ts';
import { usePasskeyFailureLog } from './log.ts';
import { PasskeyRow, type PasskeyItem, type RowState } from './PasskeyRow.tsx';
import { passkeyMessages } from '../i18n/en/passkey.ts';
import { deviceStorageOf } from './deviceStorage.ts';
import { forgetDevice } from './upgrade.ts';

/** The 'Existing Passkeys' list's state: what it shows, the row being changed, and the change in flight. */
export interface PasskeyListState {
  shown: PasskeyItem[];
  row: RowState;
  setRow(next: RowState): void;
  rename(id: string, name: string): void;
  remove(id: string): void;
  /** Settles when the pending rename or delete has; leaving the screen waits for it. */
  settled(): Promise<unknown>;
  /** Puts a freshly fetched list in place (the start screen fetches the user anyway). */
  setItems(items: PasskeyItem[]): void;
}

/**
 * The user's passkeys with optimistic rename and delete, kept in step with the client's user.
 * `load` fetches the user once on mount; a screen that fetches it itself passes false and
 * hands the answer to `setItems`, so opening the screen costs one call.
 */
export function usePasskeyList(load: boolean): PasskeyListState {
  const { client, env } = useWidget();
  const logPasskeyFailure = usePasskeyFailureLog();
  const [items, setItems] = useState<PasskeyItem[]>(() => client?.user.getSync()?.webauthn_registrations ?? []);
  const [optimistic, setOptimistic] = useState<PasskeyItem[] | null>(null);
  const [row, setRow] = useState<RowState>({ type: 'viewing' });
  const pending = useRef<Promise<unknown>>(Promise.resolve());
  const shown = optimistic ?? items;

  useEffect(() => {
    if (!client) return;
    const stop = client.user.onChange((u) => setItems(u?.webauthn_registrations ?? []));
    if (load) {
      client.user.get().then(
        (u) => setItems(u.webauthn_registrations),
        (e: unknown) => logPasskeyFailure('list load', e),
      );
    }
    return stop;
  }, [client, load, logPasskeyFailure]);

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
      async () => {
        const { user } = await client.user.deleteWebauthnRegistration(id);
        // The last one gone: this device has none of the user's any more, so the upgrade may offer one again.
        if (user.webauthn_registrations.length === 0) forgetDevice(deviceStorageOf(env), user.user_id);
        return user.webauthn_registrations;
      },
    );
  };
  return { shown, row, setRow, rename, remove, settled: () => pending.current, setItems };
}

/** 'Existing Passkeys': a row per passkey with inline rename and delete; nothing when there are none. */
export function PasskeyList({ list }: { list: PasskeyListState }) {
  const t = useStrings(passkeyMessages);
  const listId = useWidgetId();
  if (list.shown.length === 0) return null;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <h2 id={listId} css={{ margin: 0, fontSize: 'inherit', fontWeight: 600 }}>
        {t('passkey.registrationSuccess.existingPasskeys')}
      </h2>
      <ul aria-labelledby={listId} css={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
        {list.shown.map((r) => (
          <PasskeyRow key={r.webauthn_registration_id} item={r} state={list.row} setState={list.setRow} onRename={list.rename} onDelete={list.remove} />
        ))}
      </ul>
    </div>
  );
}
