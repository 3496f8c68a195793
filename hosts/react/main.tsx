/** @jsxImportSource react */
// A React 19 app hosting the widget through the react-external build: the widget's screens
// render with this app's React, so the page carries one copy of it.
import { StrictMode, useCallback, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import 'stytch-ui/react-external';
import type { StyleConfig, StytchErrorEvent, StytchEvent } from 'stytch-ui/react-external';
import { createClient, type Client } from 'stytch-ui/client';
// No JSX declaration here: stytch-ui/react-external ships the tags' types for React 19.
import { HostPage, hostConfig, hostEnv, userLine } from '../shared/env.ts';

const env = hostEnv();
const client = createClient(env.publicToken, { baseUrl: env.providerUrl });
const styles: StyleConfig = { container: { width: '100%' } };

/**
 * The signed-in user, read from the client: right at start (a reload keeps a live session), and
 * again on every change (sign-in, sign-out, expiry, another tab).
 */
function useUser(c: Client) {
  return useSyncExternalStore(c.user.onChange, c.user.getSync);
}

function HostApp() {
  const user = useUser(client);
  const [events, setEvents] = useState<string[]>([]);
  const onEvent = useCallback((event: StytchEvent) => setEvents((list) => [...list, event.detail.type]), []);
  const onError = useCallback((event: StytchErrorEvent) => setEvents((list) => [...list, `error: ${event.error.message}`]), []);
  return (
    <HostPage
      title="React host"
      heading="The host's own state"
      // The login only while signed out: after a reload it would sit beside "Signed in as …".
      widget={!user && <stytch-ui config={hostConfig} styles={styles} client={client} onstytch-event={onEvent} onstytch-error={onError} />}
      events={events}
    >
      <p id="host-status" role="status">
        {userLine(user)}
      </p>
      {user && (
        <button type="button" onClick={() => void client.session.revoke({ forceClear: true })}>
          Sign out
        </button>
      )}
      <p>Events received by the React handler:</p>
    </HostPage>
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <HostApp />
  </StrictMode>,
);
