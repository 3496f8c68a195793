import * as v from 'valibot';
import type { StytchEventDetail } from 'stytch-ui';

const DemoEnv = v.object({ providerUrl: v.pipe(v.string(), v.url()), publicToken: v.pipe(v.string(), v.minLength(1)) });

/** Where the provider is and which project to use: the demo server's /demo-config.js sets them. */
export type HostEnv = v.InferOutput<typeof DemoEnv>;

/** Reads `window.DEMO`; a host without it is misconfigured, said plainly. */
export function hostEnv(): HostEnv {
  const parsed = v.safeParse(DemoEnv, (globalThis as { DEMO?: unknown }).DEMO);
  if (!parsed.success) throw new Error('window.DEMO is missing: load /demo-config.js before the host app.');
  return parsed.output;
}

/** What every host shows: email OTP, the flow each e2e test drives. */
export const hostConfig = { products: ['otp'], otpOptions: { methods: ['email'] } };

const Authenticated = v.object({ user: v.object({ user_id: v.string(), emails: v.optional(v.array(v.object({ email: v.string() }))) }) });

/** The line a host renders for a widget event: who signed in, or undefined for other events. */
export function signedInAs(event: StytchEventDetail): string | undefined {
  const parsed = v.safeParse(Authenticated, event.data);
  if (!parsed.success) return undefined;
  const { user } = parsed.output;
  return `Signed in as ${user.emails?.[0]?.email ?? user.user_id}`;
}
