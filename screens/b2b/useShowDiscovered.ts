import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import type { DiscoveredOrganization } from '../../client/b2b/types.ts';
import { useGo } from '../hooks/useGo.ts';
import { isRateLimit } from '../hooks/useAction.ts';
import { apiErrorType } from '../hooks/useReportError.ts';
import { directLoginTarget } from './directLogin.ts';
import { usePrimaryOutcome } from './outcome.ts';
import { useShowError } from './showError.ts';
import { discoveredAtom } from './state.ts';
import { localeOf } from './send.ts';
import { useB2B, useB2BClient, useB2BStrings } from './widget.ts';

/**
 * After a discovery code, link or password was accepted: enter the single organization directly
 * where the config says so (`directLoginForSingleMembership`); with none at all, create one at
 * once where the config says so (`directCreateOrganizationForNoMembership`, unless
 * `disableCreateOrganization`; a project that refuses creation shows Discovery as without the
 * option); else list them on Discovery. Rejects (the form shows it) when entering fails.
 */
export function useShowDiscovered(): (orgs: DiscoveredOrganization[]) => Promise<void> {
  const { locale } = useB2BStrings();
  const { config } = useB2B();
  const client = useB2BClient();
  const go = useGo();
  const setDiscovered = useSetAtom(discoveredAtom);
  const signedIn = usePrimaryOutcome('Discovery');
  const showError = useShowError();
  return useCallback(
    async (orgs: DiscoveredOrganization[]) => {
      setDiscovered(orgs);
      const direct = directLoginTarget(orgs, config.directLoginForSingleMembership);
      const minutes = config.sessionOptions.sessionDurationMinutes;
      if (direct) return signedIn(await client.discovery.intermediateSessions.exchange({ organization_id: direct, session_duration_minutes: minutes, ...localeOf(config, locale) }));
      if (orgs.length === 0 && config.directCreateOrganizationForNoMembership && !config.disableCreateOrganization) {
        try {
          return signedIn(await client.discovery.organizations.create({ session_duration_minutes: minutes }));
        } catch (err) {
          // Refused otherwise: the Error screen (Default, with the reason), as a refused Create button;
          // asked to wait, Discovery, whose Create button counts the wait down when pressed.
          if (apiErrorType(err) !== 'organization_creation_not_allowed' && !isRateLimit(err)) return showError(err, (message) => ({ type: 'Default', message }));
        }
      }
      go('Discovery');
    },
    [config, client, go, setDiscovered, signedIn, showError, locale],
  );
}
