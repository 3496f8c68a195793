/** @jsxImportSource react */
// An app written for the official React SDK: a provider, the login component, a component that
// shows the user, sign-out, and the consent component for an app's authorization request. It imports `@stytch/react` and is type-checked against the
// official package's types (tsconfig.json) and, that import swapped, against stytch-ui/react's
// (tsconfig.swap.json); the demo's build swaps that one import for `stytch-ui/react`
// (esbuild.config.mjs, hostBuilds.reactSdk) and nothing else, which is all a site has to change.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createStytchClient, IdentityProvider, OTPMethods, Products, StytchLogin, StytchProvider, useStytch, useStytchSession, useStytchUser, type StytchEvent } from '@stytch/react';
import { HostPage, hostEnv } from '../shared/env.ts';

const env = hostEnv();
// The official client's `endpoints` option points it at a provider other than the hosted one.
const options = { keepSessionAlive: true, endpoints: { testAPIURL: env.providerUrl } };
const stytch = createStytchClient(env.publicToken, options);

const config = {
  products: [Products.otp],
  otpOptions: { methods: [OTPMethods.Email], expirationMinutes: 10 },
};

function Profile() {
  const client = useStytch();
  const { user } = useStytchUser();
  const { session } = useStytchSession();
  if (!user)
    return (
      <p id="host-status" role="status">
        Not signed in
      </p>
    );
  return (
    <>
      <p id="host-status" role="status">
        Signed in as {user.emails[0]?.email}
      </p>
      <p id="host-session">Session {session ? 'active' : 'none'}</p>
      <button type="button" onClick={() => void client.session.revoke()}>
        Sign out
      </button>
    </>
  );
}

// Opened with an app's authorization request, this page is the site's consent page: once the
// user is signed in, the consent component asks them to allow the app.
const authorizing = new URLSearchParams(location.search).has('client_id');

function App() {
  const { user, isInitialized } = useStytchUser();
  const [events, setEvents] = useState<string[]>([]);
  const onEvent = (event: StytchEvent) => setEvents((list) => [...list, event.type]);
  const widget = !isInitialized ? null : !user ? <StytchLogin config={config} callbacks={{ onEvent }} /> : authorizing ? <IdentityProvider callbacks={{ onEvent }} /> : null;
  return (
    <HostPage title="React SDK app" heading="The app's own state" widget={widget} events={events}>
      <Profile />
    </HostPage>
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <StytchProvider stytch={stytch}>
      <App />
    </StytchProvider>
  </StrictMode>,
);
