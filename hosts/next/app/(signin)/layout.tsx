/** @jsxImportSource react */
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { hostEnv } from '../env.ts';
import { Providers } from '../stytch.tsx';

// One client for the login and the profile: a layout stays mounted as the app moves between its
// pages, where a client per page would make a new one on every navigation, and the ones left
// behind would keep refreshing a session another has ended. (/official, outside this group,
// has no client of ours: it is the bench's other side.)
export default async function SignInLayout({ children }: { children: ReactNode }) {
  await connection();
  const env = hostEnv();
  return (
    <Providers publicToken={env.publicToken} providerUrl={env.providerUrl}>
      {children}
    </Providers>
  );
}
