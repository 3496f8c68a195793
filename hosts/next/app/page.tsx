/** @jsxImportSource react */
import { connection } from 'next/server';
import { hostEnv } from './env.ts';
import { Login, Providers } from './stytch.tsx';

// The login page: the widget's first screen is in the HTML the server sends.
export default async function Home() {
  await connection();
  const env = hostEnv();
  return (
    <Providers publicToken={env.publicToken} providerUrl={env.providerUrl}>
      <header>
        <h1>Next.js host</h1>
      </header>
      <main>
        <Login />
      </main>
    </Providers>
  );
}
