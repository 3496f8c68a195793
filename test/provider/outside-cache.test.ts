import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OutsideCache } from '../../provider/services/outside-cache.ts';
import { TestClock } from './harness.ts';

/* The one cache of documents fetched from outside (issue 51): bounded, expiring, one fetch per key at a time. */
describe('the cache of fetched documents', () => {
  const counting = () => {
    let loads = 0;
    return { load: async () => ({ n: ++loads }), loads: () => loads };
  };

  it('uses a document until it expires, then fetches it again; a caller may ask for a fresher one', async () => {
    const clock = new TestClock();
    const cache = new OutsideCache({ maxEntries: 10, maxBytes: 10_000, ttlMs: 60_000 }, clock);
    const doc = counting();
    assert.deepEqual(await cache.get('a', doc.load), { n: 1 });
    clock.advance(59_000);
    assert.deepEqual(await cache.get('a', doc.load), { n: 1 });
    assert.deepEqual(await cache.get('a', doc.load, 30_000), { n: 2 }, 'older than the caller allows');
    clock.advance(60_000);
    assert.deepEqual(await cache.get('a', doc.load), { n: 3 }, 'expired');
  });

  it('shares one fetch among callers asking together, and keeps no failure', async () => {
    const cache = new OutsideCache({ maxEntries: 10, maxBytes: 10_000, ttlMs: 60_000 }, new TestClock());
    const doc = counting();
    const all = await Promise.all([cache.get('a', doc.load), cache.get('a', doc.load), cache.get('a', doc.load)]);
    assert.equal(doc.loads(), 1);
    assert.deepEqual(all, [{ n: 1 }, { n: 1 }, { n: 1 }]);
    await assert.rejects(cache.get('b', () => Promise.reject(new Error('down'))));
    assert.equal(cache.size, 1);
    assert.deepEqual(await cache.get('b', async () => 'up'), 'up');
  });

  it('keeps at most maxEntries and maxBytes, dropping the least recently used; a document over the budget is used once and not kept', async () => {
    const cache = new OutsideCache({ maxEntries: 3, maxBytes: 1_000, ttlMs: 60_000 }, new TestClock());
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => k);
    await cache.get('a', async () => 'not loaded again');
    await cache.get('d', async () => 'd');
    assert.equal(cache.size, 3);
    assert.equal(await cache.get('b', async () => 'b again'), 'b again', 'b was the least recently used');
    assert.equal(await cache.get('big', async () => 'x'.repeat(2_000)), 'x'.repeat(2_000));
    assert.equal(cache.size, 3);
    await cache.get('half', async () => 'y'.repeat(600));
    assert.ok(cache.bytes <= 1_000, `${cache.bytes}`);
  });
});
