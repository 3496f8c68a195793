import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retryLostRace } from '../../provider/services/tx.ts';

/** What pg throws for a statement PostgreSQL rolled back as a deadlock victim. */
const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryLostRace: one statement outside a transaction, tried again when it loses a race', () => {
  it('answers with the attempt that won after deadlocks', async () => {
    let calls = 0;
    const answer = await retryLostRace(async () => {
      calls++;
      if (calls < 3) throw deadlock();
      return 'done';
    });
    assert.equal(answer, 'done');
    assert.equal(calls, 3);
  });

  it('gives up after its tries, with the last failure', async () => {
    let calls = 0;
    await assert.rejects(
      retryLostRace(async () => {
        calls++;
        throw deadlock();
      }, 4),
      { code: '40P01' },
    );
    assert.equal(calls, 4);
  });

  it('never repeats a statement that failed for another reason', async () => {
    let calls = 0;
    await assert.rejects(
      retryLostRace(async () => {
        calls++;
        throw Object.assign(new Error('syntax'), { code: '42601' });
      }),
      { code: '42601' },
    );
    assert.equal(calls, 1);
  });
});
