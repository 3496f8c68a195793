import { useEffect, useMemo } from 'react';
import { clientsideServices } from '../../../client/phone/services.ts';
import { useB2B, useB2BClient } from '../widget.ts';

/**
 * The login element's phone parsing (libphonenumber over the clientside-services page, with
 * its timeouts and fallbacks) for the MFA phone. The page is opened here, in the SMS enrolment
 * chunk, rather than by the B2B headless client, which only says where it is; it closes with
 * the screen.
 */
export function usePhoneParser() {
  const client = useB2BClient();
  const { env } = useB2B();
  const page = useMemo(() => clientsideServices({ document: globalThis.document, timers: env.timers }, () => client.clientsideServicesUrl()), [client, env]);
  useEffect(() => () => page.dispose(), [page]);
  return page.phone;
}
