import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { databases, sdk, spawnProvider, startTestProvider, withSession, type ProviderProcess } from './harness.ts';

/**
 * `kill -9` while sign-ups and sign-outs are in flight, then a restart on the same data:
 * every write the provider acknowledged (a 200 that reached the caller) is still there, and
 * no session whose revocation was acknowledged is alive again. DURABILITY_CYCLES
 * (default 1) sets the number of kills; `npm run bench:durability` runs 20 and prints the figures.
 */
const CYCLES = Number(process.env.DURABILITY_CYCLES ?? 1);
const STRONG = 'correct horse battery staple 91!';
const WORKERS = 6;

for (const kind of databases) {
  describe(`durability across kill -9 (${kind}, ${CYCLES} cycles)`, () => {
    it('loses no acknowledged sign-up or revocation, and brings no revoked session back', async () => {
      // The harness makes the data directory (and the PostgreSQL database); the provider itself runs as a child process.
      const base = await startTestProvider(kind, { sendLimits: { perIp: 1_000_000 }, passwordIpLimit: { maxFailures: 1_000_000 } });
      await base.stop();
      const env = { DATA_DIR: base.dataDir, PROJECT_FILE: join(base.dataDir, 'project.json'), ...(base.databaseUrl ? { DATABASE_URL: base.databaseUrl } : {}) };
      const live: Array<{ email: string; token: string }> = [];
      const revoked: Array<{ email: string; token: string }> = [];
      let pending: typeof live = [];
      let provider: ProviderProcess | undefined;
      const figures: string[] = [];

      const check = async (p: ProviderProcess, users: typeof live, gone: typeof revoked) => {
        for (const u of [...users, ...gone]) {
          const found = await sdk(p, 'POST', '/users/search', { email: u.email });
          assert.equal(found.json?.data?.userType, 'password', `acknowledged sign-up ${u.email} is kept`);
        }
        for (const u of users) assert.equal((await sdk(p, 'POST', '/sessions/authenticate', {}, withSession(u.token))).status, 200, `session of ${u.email} is alive`);
        for (const u of gone) assert.equal((await sdk(p, 'POST', '/sessions/authenticate', {}, withSession(u.token))).status, 404, `revoked session of ${u.email} stays revoked`);
      };

      try {
        for (let cycle = 0; cycle < CYCLES; cycle++) {
          const started = Date.now();
          provider = await spawnProvider(env);
          const startMs = Date.now() - started;
          // What the previous cycle acknowledged survived its kill.
          await check(provider, pending, revoked.slice(-WORKERS * 2));
          pending = [];
          const p = provider;
          let killed = false;
          let acked = 0;
          const workers = Array.from({ length: WORKERS }, async () => {
            while (!killed) {
              try {
                const email = `durable-${randomUUID().slice(0, 8)}@example.test`;
                const created = await sdk(p, 'POST', '/passwords', { email, password: STRONG, session_duration_minutes: 60 });
                if (created.status !== 200) continue;
                const user = { email, token: created.json.data.session_token as string };
                // Every other user signs out again: that write must hold too.
                if (acked++ % 2 === 0) {
                  const out = await sdk(p, 'POST', '/sessions/revoke', {}, withSession(user.token));
                  if (out.status === 200) revoked.push(user);
                } else {
                  live.push(user);
                  pending.push(user);
                }
              } catch {
                // The connection died with the process: neither acknowledged nor checked.
              }
            }
          });
          while (acked < WORKERS * 2) await new Promise((r) => setTimeout(r, 20));
          killed = true;
          await provider.kill();
          await Promise.all(workers);
          figures.push(`cycle ${cycle + 1}: ${acked} sign-ups acknowledged before kill -9, start ${startMs} ms`);
        }
        provider = await spawnProvider(env);
        await check(provider, live, revoked);
        console.log(`# ${kind}: ${CYCLES} kill -9 cycles, ${live.length + revoked.length} acknowledged sign-ups and ${revoked.length} revocations, none lost`);
        for (const f of figures) console.log(`#   ${f}`);
      } finally {
        await provider?.stop();
        await base.destroy();
      }
    });
  });
}
