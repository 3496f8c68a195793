import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DataDirLockedError } from '../../provider/db/lock.ts';
import { startProvider, type RunningProvider } from '../../provider/server.ts';
import { TEST_TOKEN } from './harness.ts';

describe('provider lifecycle (pglite)', () => {
  let dir: string;
  let projectFile: string;
  let first: RunningProvider;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'provider-life-'));
    projectFile = join(dir, 'project.json');
    writeFileSync(projectFile, JSON.stringify({ publicTokens: { test: TEST_TOKEN } }));
    first = await startProvider({ port: 0, dataDir: dir, projectFile, env: { NODE_ENV: 'production' } });
  });
  after(async () => {
    await first.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second process on the same data directory', async () => {
    await assert.rejects(startProvider({ port: 0, dataDir: dir, projectFile, env: {} }), DataDirLockedError);
  });

  it('keeps the outbox page off in production unless enabled', async () => {
    const res = await fetch(`${first.url}/dev/outbox`, { headers: { Accept: 'application/json' } });
    assert.equal(res.status, 404);
  });

  it('mounts no OAuth consent simulator in production', async () => {
    // The POST is the consent form's own (URL-encoded), so only the missing route can refuse it.
    const form = { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'state=x' };
    for (const init of [{ method: 'GET', headers: { Accept: 'application/json' } }, form]) {
      const res = await fetch(`${first.url}/v1/public/oauth/github/consent?state=x`, init);
      assert.equal(res.status, 404);
      assert.equal((await res.json()).error_type, 'route_not_found');
    }
  });

  it('seeds a demo project with a public token when no project file exists', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'provider-seed-'));
    const p = await startProvider({ port: 0, dataDir: fresh, env: {} });
    try {
      assert.match(p.config.publicTokens.test!, /^public-token-test-[0-9a-f-]{36}$/);
      const res = await fetch(`${p.url}/sdk/v1/projects/bootstrap/${p.config.publicTokens.test}`);
      assert.equal(res.status, 200);
    } finally {
      await p.close();
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
