/** @jsxImportSource react */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { Client } from 'stytch';
import { checkSession } from '../../session-check.ts';
import { SignOut } from '../../stytch.tsx';

/**
 * The official Node SDK with the project's secret, against the provider's server API (an https
 * URL: the SDK refuses others). Null when the server is not given them.
 */
function serverClient(): Client | null {
  const { STYTCH_PROJECT_ID: project_id, STYTCH_SECRET: secret, STYTCH_API_URL: custom_base_url } = process.env;
  return project_id && secret && custom_base_url ? new Client({ project_id, secret, custom_base_url }) : null;
}

// A protected page: the server checks the session cookie with the provider before rendering.
export default async function Profile() {
  await connection();
  const sdk = serverClient();
  if (!sdk) {
    return (
      <main>
        <h1>Profile</h1>
        <p role="alert">
          This page checks the session on the server with the official Node SDK: start the host with STYTCH_PROJECT_ID, STYTCH_SECRET (one of the provider&apos;s PROJECT_SECRETS) and STYTCH_API_URL
          (the provider&apos;s https URL). See the README, &quot;Next.js&quot;.
        </p>
      </main>
    );
  }
  const token = (await cookies()).get('stytch_session')?.value;
  if (!token) redirect('/');
  const checked = await checkSession(sdk, token, process.env.STYTCH_API_URL!);
  // A session the provider no longer knows (revoked, expired) sends the visitor to the login;
  // a check that could not be made says why, here and in the server's terminal, and stays.
  if ('signedOut' in checked) redirect('/');
  if ('problem' in checked) {
    return (
      <main>
        <h1>Profile</h1>
        <p role="alert">This server could not check the session: {checked.problem}</p>
      </main>
    );
  }
  const { email } = checked;
  return (
    <>
      <header>
        <h1>Profile</h1>
      </header>
      <main>
        <p id="host-status" role="status">
          Signed in as {email}
        </p>
        <p>The server checked this session with the provider before sending the page.</p>
        <SignOut />
      </main>
    </>
  );
}
