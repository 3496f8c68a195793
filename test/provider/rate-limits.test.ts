import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type Database } from '../../provider/db/index.ts';
import { ApiError } from '../../provider/errors.ts';
import { hitAll } from '../../provider/services/limits.ts';
import { createDatabase, databases, openTestDatabase } from './harness.ts';

/*
 * The rate limits' counts under requests that arrive at once: a volume throttle's counts are
 * gathered into one statement a batch (services/limits.ts), and each request must still be
 * answered as if it had counted alone.
 */

const now = new Date('2026-12-01T00:00:00Z');

/** `n` hits at once; how many went through, and the refusals. */
async function burst(db: Database, n: number, limits: Array<{ key: string; max: number }>, durable: boolean) {
  const settled = await Promise.allSettled(Array.from({ length: n }, () => hitAll(db, limits, 60, now, { durable })));
  const refused = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as ApiError] : []));
  return { passed: settled.length - refused.length, refused };
}

async function countOf(db: Database, key: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count FROM rate_limits WHERE key = $1', [key]);
  return rows[0]!.count;
}

for (const kind of databases) {
  describe(`rate limits under requests at once (${kind})`, () => {
    let db: Database;
    let destroy: () => Promise<void>;
    before(async () => {
      ({ db, destroy } = await openTestDatabase(kind));
    });
    after(() => destroy());

    it('70 hits at once on a volume throttle of 60: exactly 60 go through, 10 are refused with Retry-After, and all 70 are counted', async () => {
      const { passed, refused } = await burst(db, 70, [{ key: 'at-once:ip', max: 60 }], false);
      assert.equal(passed, 60);
      assert.equal(refused.length, 10);
      for (const e of refused) {
        assert.equal(e.status, 429);
        assert.equal(e.headers['Retry-After'], '60');
      }
      assert.equal(await countOf(db, 'at-once:ip'), 70);
    });

    it('two limits in one count (per address and per secret): the tighter one refuses, exactly at its max', async () => {
      const { passed, refused } = await burst(
        db,
        12,
        [
          { key: 'pair:ip', max: 100 },
          { key: 'pair:secret', max: 5 },
        ],
        false,
      );
      assert.equal(passed, 5);
      assert.equal(refused.length, 7);
      assert.equal(await countOf(db, 'pair:ip'), 12);
    });

    it('a durable count (one that guards secrets) at once: exactly its max go through', async () => {
      const { passed } = await burst(db, 9, [{ key: 'durable:guess', max: 4 }], true);
      assert.equal(passed, 4);
      assert.equal(await countOf(db, 'durable:guess'), 9);
    });
  });
}

// Two providers on one PostgreSQL database: each gathers its own batches (a batch is one
// connection pool's), and the count they share still refuses exactly past its max.
if (databases.includes('postgres')) {
  describe('rate limits under requests at once from two providers on one database (postgres)', () => {
    it('35 hits at once from each of two pools on a throttle of 60: exactly 60 go through, all 70 counted', async () => {
      const database = await createDatabase();
      const dirs = [mkdtempSync(join(tmpdir(), 'limits-a-')), mkdtempSync(join(tmpdir(), 'limits-b-'))];
      const [a, b] = await Promise.all(dirs.map((dataDir) => openDatabase({ dataDir, databaseUrl: database.url })));
      try {
        const [fromA, fromB] = await Promise.all([burst(a!, 35, [{ key: 'two-pools:ip', max: 60 }], false), burst(b!, 35, [{ key: 'two-pools:ip', max: 60 }], false)]);
        assert.equal(fromA.passed + fromB.passed, 60);
        assert.equal(await countOf(a!, 'two-pools:ip'), 70);
      } finally {
        await Promise.all([a!.close(), b!.close()]);
        await database.drop();
        for (const d of dirs) rmSync(d, { recursive: true, force: true });
      }
    });
  });
}
