import { useEffect, useState } from 'react';
import { useWidget } from '../context.ts';

/**
 * Where the code went, as the user should read it: a phone number in its national format
 * through the clientside-services parser, the raw number until then and whenever formatting
 * fails (the client gives up after SPEC §5's 10 s); an email address as typed.
 */
export function useDisplayDestination(type: 'email' | 'sms' | 'whatsapp', destination: string): string {
  const { client } = useWidget();
  const [shown, setShown] = useState(destination);
  useEffect(() => {
    setShown(destination);
    if (type === 'email' || !client) return;
    let live = true;
    Promise.resolve()
      .then(() => client.phone.format(destination))
      .then((formatted) => live && formatted && setShown(formatted))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, type, destination]);
  return shown;
}
