import { expect } from '@open-wc/testing';
import { backoffDelay } from '../../../client/index.ts';

describe('client backoff', () => {
  it('doubles from 2000 ms and stops growing at attempt 7', () => {
    expect([0, 1, 2, 3, 7, 8, 20].map((a) => backoffDelay(a, () => 0.5))).to.deep.equal([2000, 4000, 8000, 16000, 256000, 256000, 256000]);
  });
  it('adds at most 175 ms of jitter either way', () => {
    expect(backoffDelay(0, () => 0)).to.equal(1825);
    expect(backoffDelay(0, () => 0.999999)).to.equal(2175);
  });
});
