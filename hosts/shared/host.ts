import * as v from 'valibot';
import type { User } from 'stytch-ui/client';

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

/** The line every host renders from the client's current user. */
export function userLine(user: Pick<User, 'user_id' | 'emails'> | null): string {
  return user ? `Signed in as ${user.emails?.[0]?.email ?? user.user_id}` : 'Not signed in';
}
