import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAction, type Action } from '../../hooks/useAction.ts';
import type { B2BClient } from '../../../client/b2b/client.ts';
import { useWidgetOf, type WidgetOf } from '../../context.ts';
import { requireClient } from '../../hooks/requireClient.ts';
import { useReportError } from '../../hooks/useReportError.ts';
import { adminMessages } from '../../i18n/en/b2b-admin.ts';
import { useStrings } from '../../i18n/useStrings.ts';
import type { AdminConfig } from './config.ts';

/** An admin portal element's widget as its screens read it: the shell's one context, typed for the admin line. */
export type AdminWidget = WidgetOf<AdminConfig, B2BClient, object>;

/** The current admin portal element. */
export const useAdmin = (): AdminWidget => useWidgetOf<AdminWidget>('b2b-admin');

/** The element's B2B client, or the shared usage error when the host gave none. */
export const useAdminClient = (): B2BClient => requireClient(useAdmin().client);

/** The admin portal's words: its English, the locale's and the site's `strings` over it. */
export const useAdminStrings = () => useStrings(adminMessages);

/** What a load shows: its data once answered, the shown text of its failure, and a reload. */
export interface Loaded<T> {
  data?: T | undefined;
  error?: string | undefined;
  loading: boolean;
  reload(): void;
}

/**
 * Loads `fetch` now and whenever `key` changes or `reload` is called; a failure is reported to
 * the host and shown. An answer that arrives after a newer load began is dropped, so a slow
 * first page never overwrites the page asked for after it.
 */
export function useLoad<T>(fetch: () => Promise<T>, key: string): Loaded<T> {
  const report = useReportError();
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const run = useRef(fetch);
  run.current = fetch;
  useEffect(() => {
    const mine = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    run.current().then(
      (data) => mine === latest.current && setState({ data, loading: false }),
      (err: unknown) => mine === latest.current && setState((s) => ({ data: s.data, error: report(err), loading: false })),
    );
  }, [key, round, report]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}

/**
 * Whether the signed-in member's roles allow `action` on `resource` under the project's policy:
 * what the portal offers. The provider decides each call by the same roles, and its refusal is
 * shown like any failure.
 */
export function useCan(resource: string, action: string): boolean {
  const client = useAdminClient();
  const [can, setCan] = useState(() => client.rbac.isAuthorizedSync(resource, action));
  useEffect(() => {
    let live = true;
    const check = () => void client.rbac.isAuthorized(resource, action).then((v) => live && setCan(v));
    check();
    const off = client.session.onChange(check);
    return () => {
      live = false;
      off();
    };
  }, [client, resource, action]);
  return can;
}

/**
 * The shared form action (busy, error, report) for a portal's actions, which stay on their
 * screen: a success ends the run at once (the shared action stays busy after a success, as a
 * sign-in screen is about to change), so the next action can start.
 */
export function useAdminAction(): Action {
  const action = useAction();
  const { run: runShared, fail } = action;
  const run = useCallback(
    async (work: () => Promise<unknown>) => {
      let done = false;
      await runShared(async () => {
        await work();
        done = true;
      });
      if (done) fail(undefined);
    },
    [runShared, fail],
  );
  return useMemo(() => ({ ...action, run }), [action, run]);
}
