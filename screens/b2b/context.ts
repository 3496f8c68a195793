import { atom, useSetAtom } from 'jotai';
import { createContext, startTransition, useCallback, useContext } from 'react';
import type { B2BClient } from '../../client/b2b/client.ts';
import type { DiscoveredOrganization, Member, Organization } from '../../client/b2b/types.ts';
import { readApiError } from '../../client/errors.ts';
import type { WidgetCallbacks } from '../context.ts';
import { useActionReportedBy, type Action } from '../hooks/useAction.ts';
import { errorMessageId } from '../hooks/useReportError.ts';
import { b2bMessages } from '../i18n/en/b2b.ts';
import { useStrings } from '../i18n/useStrings.ts';
import { transitionCountAtom } from '../state/atoms.ts';
import type { B2BConfig } from './config.ts';
import { directLoginTarget, signedInFrom } from './signIn.ts';

/** What every B2B screen reads from its element. */
export interface B2BWidget {
  config: B2BConfig;
  callbacks: WidgetCallbacks;
  client: B2BClient | undefined;
}

const Context = createContext<B2BWidget | undefined>(undefined);
export const B2BWidgetProvider = Context.Provider;

export function useB2B(): B2BWidget {
  const value = useContext(Context);
  if (!value) throw new Error('useB2B called outside the B2B App');
  return value;
}

/** The B2B element's client, or a clear error when the host gave none. */
export function useB2BClient(): B2BClient {
  const { client } = useB2B();
  if (!client) throw new Error('stytch-b2b-ui needs a client: pass createB2BClient(publicToken) as `client`.');
  return client;
}

/** The B2B words: the official B2B catalog's English, the locale's and the site's `strings` over it. */
export const useB2BStrings = () => useStrings(b2bMessages);

export type B2BScreenName = 'Main' | 'EmailConfirmation' | 'EmailOtpEntry' | 'Discovery' | 'LoggedIn' | 'Error' | 'OrganizationMain';

// Per-instance state (the atoms' values live in each element's own store).
export const b2bScreenAtom = atom<B2BScreenName>('Main');
export const b2bEmailAtom = atom('');
export const discoveredAtom = atom<DiscoveredOrganization[]>([]);
export const signedInAtom = atom<{ member: Member; organization: Organization } | undefined>(undefined);
export const b2bErrorAtom = atom<string | undefined>(undefined);
/** The organization flow's organization: set, the code and link screens sign in to it instead of discovering. */
export const b2bOrganizationIdAtom = atom<string | undefined>(undefined);

const goAtom = atom(null, (get, set, screen: B2BScreenName) => {
  set(b2bScreenAtom, screen);
  // The shared count: headings take focus after any transition (components/Heading.tsx).
  set(transitionCountAtom, get(transitionCountAtom) + 1);
});

/** Moves to another B2B screen inside a transition: the current one stays until the next can paint (no blank frame). */
export function useB2BGo(): (screen: B2BScreenName) => void {
  const set = useSetAtom(goAtom);
  return useCallback((screen: B2BScreenName) => startTransition(() => set(screen)), [set]);
}

/** Hands an error to the host and returns the words to show: the catalog's for its type, else the provider's message, else the default. */
export function useB2BReport(): (error: unknown) => string {
  const { callbacks } = useB2B();
  const t = useB2BStrings();
  return useCallback(
    (error: unknown) => {
      callbacks.onError(error instanceof Error ? error : new Error(String(error)));
      const api = readApiError(error);
      if (!api) return t('error.default');
      const translated = t.translated(errorMessageId(api.error_type));
      if (translated !== undefined) return translated;
      return (t.locale === 'en' ? api.error_message : undefined) ?? t('error.default');
    },
    [callbacks, t],
  );
}

/** A B2B form's busy / error state: the shared form action, reported through the B2B element. */
export function useB2BAction(): Action {
  return useActionReportedBy(useB2BReport());
}

/**
 * After a discovery code or link was accepted: enter the single organization directly where the
 * config says so, else list them on Discovery. Rejects (the form shows it) when entering fails.
 */
export function useShowDiscovered(): (orgs: DiscoveredOrganization[]) => Promise<void> {
  const { config, client } = useB2B();
  const go = useB2BGo();
  const setDiscovered = useSetAtom(discoveredAtom);
  const setSignedIn = useSetAtom(signedInAtom);
  return useCallback(
    async (orgs: DiscoveredOrganization[]) => {
      setDiscovered(orgs);
      const direct = directLoginTarget(orgs, config.directLoginForSingleMembership);
      if (direct && client) {
        const r = await client.discovery.intermediateSessions.exchange({ organization_id: direct, session_duration_minutes: config.sessionOptions.sessionDurationMinutes });
        setSignedIn(signedInFrom(r));
        return go('LoggedIn');
      }
      go('Discovery');
    },
    [config, client, go, setDiscovered, setSignedIn],
  );
}
