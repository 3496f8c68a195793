/** @jsxImportSource react */
import { connection } from 'next/server';
import { hostEnv } from '../env.ts';
import { OfficialLogin } from './official-login.tsx';

// The official prebuilt UI in this same app, rendered in the browser only (as the official
// packages render it): the other side of `bench:render`'s Next.js row (BENCH_ROWS=next), beside
// the server-rendered login page (/).
export default async function Official() {
  await connection();
  const env = hostEnv();
  return (
    <>
      <header>
        <h1>Next.js host, the official UI</h1>
      </header>
      <main>
        <OfficialLogin publicToken={env.publicToken} providerUrl={env.providerUrl} />
      </main>
    </>
  );
}
