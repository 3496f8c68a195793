import { expect } from '@open-wc/testing';
import { createChallenge, createVerifier } from '../../../client/index.ts';

const sha256 = (d: Uint8Array) => crypto.subtle.digest('SHA-256', d as BufferSource);

describe('client PKCE', () => {
  it('matches the RFC 7636 appendix B challenge', async () => {
    expect(await createChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', sha256)).to.equal('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('hex-encodes 16 random 32-bit numbers as the verifier', () => {
    const values = [0, 1, 0xffffffff, 0xabc, 0x12345678, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 0x80000000];
    const v = createVerifier((a) => (a.set(values), a));
    expect(v).to.have.length(128);
    expect(v.slice(0, 40)).to.equal('0000000000000001ffffffff00000abc12345678');
    expect(v.slice(-8)).to.equal('80000000');
  });
});
