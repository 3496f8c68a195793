'use client';
/** @jsxImportSource react */
// The app's client side: one client for the page, the provider around the app, the login.
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { createStytchClient, OTPMethods, Products, StytchLogin, StytchProvider, useStytch, useStytchSession } from 'stytch-ui/react';

export function Providers({ publicToken, providerUrl, children }: { publicToken: string; providerUrl: string; children: ReactNode }) {
  // On the server render this is a stand-in (the client lives in the browser); in the browser the client.
  const [stytch] = useState(() => createStytchClient(publicToken, { endpoints: { testAPIURL: providerUrl } }));
  return <StytchProvider stytch={stytch}>{children}</StytchProvider>;
}

const config = { products: [Products.otp], otpOptions: { methods: [OTPMethods.Email], expirationMinutes: 10 } };

/** The login, server-rendered; once a session exists the profile page (checked on the server) takes over. */
export function Login({ shadow = false }: { shadow?: boolean }) {
  const router = useRouter();
  const { session } = useStytchSession();
  useEffect(() => {
    if (session) router.replace('/profile');
  }, [session, router]);
  return <StytchLogin config={shadow ? { ...config, enableShadowDOM: true } : config} />;
}

export function SignOut() {
  const stytch = useStytch();
  const router = useRouter();
  return (
    <button
      type="button"
      onClick={async () => {
        await stytch.session.revoke({ forceClear: true }).catch(() => undefined);
        router.replace('/');
        router.refresh();
      }}
    >
      Sign out
    </button>
  );
}
