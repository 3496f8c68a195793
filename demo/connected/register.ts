import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Partner } from './partner.ts';

/*
 * The partner app's client on the provider, made once through the server API (as a site's
 * backend would with the Node SDK) and kept beside the database, since its secret is shown only
 * when made; made again when the file is gone or the provider no longer knows it.
 */
export async function registerPartner(o: { providerUrl: string; projectId: string; secret: string; dataDir: string; partner: Partner }): Promise<{ clientId: string; clientSecret: string }> {
  const file = join(o.dataDir, 'partner-client.json');
  const headers = { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${o.projectId}:${o.secret}`).toString('base64')}` };
  const fields = {
    client_name: 'Partner app (demo)',
    client_description: 'An app of another company that signs in with the demo',
    redirect_urls: [o.partner.redirectUri],
    post_logout_redirect_urls: [o.partner.postLogoutRedirectUri],
  };
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { clientId: string; clientSecret: string };
    // The ports may have changed since: the redirect URLs follow.
    const res = await fetch(`${o.providerUrl}/v1/connected_apps/clients/${encodeURIComponent(kept.clientId)}`, { method: 'PUT', headers, body: JSON.stringify(fields) });
    if (res.ok) return kept;
  }
  const res = await fetch(`${o.providerUrl}/v1/connected_apps/clients`, { method: 'POST', headers, body: JSON.stringify({ client_type: 'third_party', ...fields }) });
  if (!res.ok) throw new Error(`Registering the partner app's client failed: ${res.status} ${await res.text()}`);
  const made = ((await res.json()) as { connected_app: { client_id: string; client_secret: string } }).connected_app;
  const kept = { clientId: made.client_id, clientSecret: made.client_secret };
  writeFileSync(file, JSON.stringify(kept), { mode: 0o600 });
  return kept;
}
