/** @jsxImportSource react */
import { connection } from 'next/server';
import { Login } from '../stytch.tsx';

// The login page: the widget's first screen is in the HTML the server sends (`?shadow`: in a
// declarative shadow root, the widget's `enableShadowDOM`).
export default async function Home({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await connection();
  const shadow = (await searchParams).shadow !== undefined;
  return (
    <>
      <header>
        <h1>Next.js host</h1>
      </header>
      <main>
        <Login shadow={shadow} />
      </main>
    </>
  );
}
