'use client';
/** @jsxImportSource react */
// The official UI (@stytch/vanilla-js, its `StytchUI` element and `render()`, as its README shows),
// with the login page's configuration, its client pointed at the same provider. The element is
// created after the first render: the official UI has no server render.
import { OTPMethods, Products, StytchUI, StytchUIClient, type StytchClientOptions } from '@stytch/vanilla-js';
import { useEffect, useRef } from 'react';

/** Its own tag: the name `stytch-ui` is this package's element. */
const TAG = 'stytch-official-ui';

export function OfficialLogin({ publicToken, providerUrl }: { publicToken: string; providerUrl: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!customElements.get(TAG)) customElements.define(TAG, StytchUI);
    // `endpoints` (the API's address for a test token) is read by 6.3's client, not in its types.
    const client = new StytchUIClient(publicToken, { endpoints: { testAPIURL: providerUrl } } as StytchClientOptions);
    const el = document.createElement(TAG) as InstanceType<typeof StytchUI>;
    host.current!.append(el);
    el.render({ client, config: { products: [Products.otp], otpOptions: { methods: [OTPMethods.Email], expirationMinutes: 10 } } });
    return () => el.remove();
  }, [publicToken, providerUrl]);
  return <div ref={host} />;
}
