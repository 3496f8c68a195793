import { useMemo } from 'react';
import type { B2BClient } from '../../client/b2b/client.ts';
import { useWidgetOf, type WidgetOf } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { b2bMessages } from '../i18n/en/b2b.ts';
import { useStrings } from '../i18n/useStrings.ts';
import type { B2BConfig } from './config.ts';
import { withB2BEvents } from './events.ts';

/** The B2B element's widget as its screens read it: the shared context, typed for the B2B line. */
export type B2BWidget = WidgetOf<B2BConfig, B2BClient, object>;

/** The current `<stytch-b2b-ui>` instance (the shell's one context). */
export const useB2B = (): B2BWidget => useWidgetOf<B2BWidget>('b2b');

/**
 * The B2B element's client, or the shared usage error when the host gave none; its calls fire
 * the official B2B events (events.ts).
 */
export function useB2BClient(): B2BClient {
  const { client, callbacks } = useB2B();
  const given = requireClient(client);
  return useMemo(() => withB2BEvents(given, (event) => callbacks.onEvent(event)), [given, callbacks]);
}

/** The B2B words: the official B2B catalog's English, the locale's and the site's `strings` over it. */
export const useB2BStrings = () => useStrings(b2bMessages);
