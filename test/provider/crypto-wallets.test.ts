import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import bs58 from 'bs58';
import { ethereumAddressOf, personalMessageHash } from '../../provider/services/wallet-signatures.ts';
import { databases, sdk, startTestProvider, TEST_ORIGIN, TestClock, withSession, type TestProvider } from './harness.ts';

/** A real Ethereum key that signs as `personal_sign` does: r ‖ s ‖ v with v = 27 + recovery. */
function ethWallet() {
  const { secretKey, publicKey } = secp256k1.keygen();
  const address = ethereumAddressOf(publicKey);
  return {
    address,
    sign(message: string): string {
      const rec = secp256k1.sign(personalMessageHash(message), secretKey, { prehash: false, format: 'recovered' });
      const out = new Uint8Array(65);
      out.set(rec.subarray(1), 0);
      out[64] = rec[0]! + 27;
      return `0x${Buffer.from(out).toString('hex')}`;
    },
  };
}

/** A real Solana key: ed25519 over the exact message bytes, base58 signature. */
function solWallet() {
  const { secretKey, publicKey } = ed25519.keygen();
  return {
    address: bs58.encode(publicKey),
    sign: (message: string) => bs58.encode(ed25519.sign(new TextEncoder().encode(message), secretKey)),
  };
}

for (const kind of databases) {
  describe(`crypto wallets (${kind})`, () => {
    let provider: TestProvider;
    let siwe: TestProvider;
    const clock = new TestClock();
    before(async () => {
      provider = await startTestProvider(kind, {}, clock);
      siwe = await startTestProvider(kind, { siweRequired: true, name: 'SIWE project' }, clock);
    });
    after(async () => {
      await provider.destroy();
      await siwe.destroy();
    });

    const start = (p: TestProvider, type: string, address: string, extra: Record<string, unknown> = {}) =>
      sdk(p, 'POST', '/crypto_wallets/authenticate/start/primary', { crypto_wallet_address: address, crypto_wallet_type: type, ...extra });
    const authenticate = (p: TestProvider, type: string, address: string, signature: string) =>
      sdk(p, 'POST', '/crypto_wallets/authenticate', { crypto_wallet_address: address, crypto_wallet_type: type, signature, session_duration_minutes: 30 });

    it('signs in an Ethereum wallet by personal_sign, address compared case-insensitively', async () => {
      const w = ethWallet();
      const s = await start(provider, 'ethereum', w.address.toUpperCase().replace('0X', '0x'));
      assert.equal(s.status, 200, s.text);
      assert.equal(s.json.data.user_created, true);
      const challenge: string = s.json.data.challenge;
      const nonce = /Nonce: ([0-9a-f]+)/.exec(challenge)![1]!;
      assert.ok(nonce.length * 4 >= 128, 'nonce of at least 128 bits');
      const res = await authenticate(provider, 'ethereum', w.address, w.sign(challenge));
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.data.user_id, s.json.data.user_id);
      assert.equal(res.json.data.session.authentication_factors[0].type, 'crypto');
      assert.deepEqual(
        res.json.data.user.crypto_wallets.map((x: any) => [x.crypto_wallet_address, x.crypto_wallet_type, x.verified]),
        [[w.address.toLowerCase(), 'ethereum', true]],
      );
      // The same wallet again is the same user.
      const again = await start(provider, 'ethereum', w.address);
      assert.equal(again.json.data.user_created, false);
      assert.equal(again.json.data.user_id, s.json.data.user_id);
    });

    it('signs in a Solana wallet with an ed25519 signature in base58', async () => {
      const w = solWallet();
      const s = await start(provider, 'solana', w.address);
      assert.equal(s.status, 200, s.text);
      const res = await authenticate(provider, 'solana', w.address, w.sign(s.json.data.challenge));
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.data.user.crypto_wallets[0].crypto_wallet_address, w.address);
    });

    it('refuses a wrong signature, a signature by another wallet, and keeps the challenge open', async () => {
      for (const [type, make] of [
        ['ethereum', ethWallet],
        ['solana', solWallet],
      ] as const) {
        const w = make();
        const other = make();
        const { json } = await start(provider, type, w.address);
        const challenge: string = json.data.challenge;
        const byOther = await authenticate(provider, type, w.address, other.sign(challenge));
        assert.equal(byOther.status, 401, `${type}: ${byOther.text}`);
        assert.equal(byOther.json.error_type, 'invalid_signature');
        const otherMessage = await authenticate(provider, type, w.address, w.sign(`${challenge} `));
        assert.equal(otherMessage.status, 401);
        // The address claimed must be the signer's: the right signature under another address fails.
        const wrongAddress = await authenticate(provider, type, other.address, w.sign(challenge));
        assert.equal(wrongAddress.status, 401);
        const right = await authenticate(provider, type, w.address, w.sign(challenge));
        assert.equal(right.status, 200, right.text);
      }
    });

    it('uses a nonce once, even when two redemptions race', async () => {
      const w = ethWallet();
      const { json } = await start(provider, 'ethereum', w.address);
      const sig = w.sign(json.data.challenge);
      const results = await Promise.all([1, 2, 3, 4, 5].map(() => authenticate(provider, 'ethereum', w.address, sig)));
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 401, 401, 401, 401]);
      const replay = await authenticate(provider, 'ethereum', w.address, sig);
      assert.equal(replay.status, 401);
    });

    it('only the newest challenge can be signed', async () => {
      const w = solWallet();
      const first = await start(provider, 'solana', w.address);
      await start(provider, 'solana', w.address);
      const res = await authenticate(provider, 'solana', w.address, w.sign(first.json.data.challenge));
      assert.equal(res.status, 401);
    });

    it('refuses a challenge signed after 10 minutes', async () => {
      const w = ethWallet();
      const { json } = await start(provider, 'ethereum', w.address);
      clock.advance(10 * 60_000 + 1000);
      const res = await authenticate(provider, 'ethereum', w.address, w.sign(json.data.challenge));
      assert.equal(res.status, 401);
      assert.equal(res.json.error_type, 'invalid_signature');
    });

    it('attaches a wallet to the signed-in user through start/secondary', async () => {
      const first = ethWallet();
      const s = await start(provider, 'ethereum', first.address);
      const signedIn = await authenticate(provider, 'ethereum', first.address, first.sign(s.json.data.challenge));
      const token = signedIn.json.data.session_token;
      const second = solWallet();
      const s2 = await sdk(provider, 'POST', '/crypto_wallets/authenticate/start/secondary', { crypto_wallet_address: second.address, crypto_wallet_type: 'solana' }, withSession(token));
      assert.equal(s2.status, 200, s2.text);
      assert.equal(s2.json.data.user_id, signedIn.json.data.user_id);
      const res = await sdk(
        provider,
        'POST',
        '/crypto_wallets/authenticate',
        { crypto_wallet_address: second.address, crypto_wallet_type: 'solana', signature: second.sign(s2.json.data.challenge), session_duration_minutes: 30 },
        withSession(token),
      );
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.data.session.session_id, signedIn.json.data.session.session_id);
      assert.equal(res.json.data.user.crypto_wallets.length, 2);
      // Removing one wallet leaves the other.
      const id = res.json.data.user.crypto_wallets[1].crypto_wallet_id;
      const del = await sdk(provider, 'DELETE', `/users/crypto_wallets/${id}`, undefined, withSession(res.json.data.session_token));
      assert.equal(del.status, 200, del.text);
      assert.equal(del.json.data.user.crypto_wallets.length, 1);
      const gone = await sdk(provider, 'DELETE', `/users/crypto_wallets/${id}`, undefined, withSession(res.json.data.session_token));
      assert.equal(gone.status, 404);
      assert.equal(gone.json.error_type, 'crypto_wallet_not_found');
      // A wallet owned by someone else cannot be attached.
      const stranger = ethWallet();
      await start(provider, 'ethereum', stranger.address);
      const stolen = await sdk(
        provider,
        'POST',
        '/crypto_wallets/authenticate/start/secondary',
        { crypto_wallet_address: stranger.address, crypto_wallet_type: 'ethereum' },
        withSession(res.json.data.session_token),
      );
      assert.equal(stolen.status, 409, stolen.text);
      assert.equal(stolen.json.error_type, 'duplicate_crypto_wallet');
    });

    it('answers bad input in the spec shape', async () => {
      const cases: Array<[unknown, number, string]> = [
        [{ crypto_wallet_address: '0x1234', crypto_wallet_type: 'ethereum' }, 400, 'invalid_crypto_wallet_address'],
        [{ crypto_wallet_address: 'not-base58-0OIl', crypto_wallet_type: 'solana' }, 400, 'invalid_crypto_wallet_address'],
        [{ crypto_wallet_address: ethWallet().address, crypto_wallet_type: 'bitcoin' }, 400, 'invalid_request'],
        [{ crypto_wallet_type: 'ethereum' }, 400, 'invalid_request'],
      ];
      for (const [payload, status, type] of cases) {
        const res = await sdk(provider, 'POST', '/crypto_wallets/authenticate/start/primary', payload);
        assert.equal(res.status, status, res.text);
        assert.equal(res.json.error_type, type);
        assert.equal(typeof res.json.error_message, 'string');
        assert.match(res.json.request_id, /^request-id-test-/);
      }
      const w = ethWallet();
      await start(provider, 'ethereum', w.address);
      const badSig = await authenticate(provider, 'ethereum', w.address, '0xnothex');
      assert.equal(badSig.status, 400);
      assert.equal(badSig.json.error_type, 'invalid_signature');
      const noDuration = await sdk(provider, 'POST', '/crypto_wallets/authenticate', { crypto_wallet_address: w.address, crypto_wallet_type: 'ethereum', signature: w.sign('x') });
      assert.equal(noDuration.status, 400);
      assert.deepEqual(
        noDuration.json.body.map((i: any) => i.dataPath),
        ['.session_duration_minutes'],
      );
    });

    describe('Sign-In With Ethereum', () => {
      it('issues an EIP-4361 message bound to the authorized origin, chain and nonce, and verifies it', async () => {
        const w = ethWallet();
        const s = await start(siwe, 'ethereum', w.address, { siwe_params: { uri: `${TEST_ORIGIN}/login`, chain_id: '137', statement: 'Welcome back.' } });
        assert.equal(s.status, 200, s.text);
        const msg: string = s.json.data.challenge;
        const lines = msg.split('\n');
        assert.equal(lines[0], 'app.test wants you to sign in with your Ethereum account:');
        assert.equal(lines[1]!.toLowerCase(), w.address);
        assert.notEqual(lines[1], w.address, 'EIP-55 checksum case');
        assert.equal(lines[3], 'Welcome back.');
        assert.ok(lines.includes(`URI: ${TEST_ORIGIN}/login`));
        assert.ok(lines.includes('Version: 1'));
        assert.ok(lines.includes('Chain ID: 137'));
        const issued = Date.parse(lines.find((l) => l.startsWith('Issued At: '))!.slice(11));
        const expires = Date.parse(lines.find((l) => l.startsWith('Expiration Time: '))!.slice(17));
        assert.equal(expires - issued, 10 * 60_000);
        assert.match(
          lines.find((l) => l.startsWith('Nonce: '))!,
          /^Nonce: [0-9a-f]{32}$/,
        );
        const res = await authenticate(siwe, 'ethereum', w.address, w.sign(msg));
        assert.equal(res.status, 200, res.text);
      });

      it('refuses a signature over a message with other fields (domain, chain, nonce)', async () => {
        const w = ethWallet();
        const { json } = await start(siwe, 'ethereum', w.address, { siwe_params: { uri: TEST_ORIGIN } });
        const msg: string = json.data.challenge;
        for (const forged of [msg.replace('app.test wants', 'evil.test wants'), msg.replace('Chain ID: 1', 'Chain ID: 5'), msg.replace(/Nonce: \w+/, 'Nonce: 00000000000000000000000000000000')]) {
          assert.notEqual(forged, msg);
          const res = await authenticate(siwe, 'ethereum', w.address, w.sign(forged));
          assert.equal(res.status, 401);
        }
      });

      it('refuses SIWE parameters off the project: unknown origin, bad chain, stale issued_at, missing uri', async () => {
        const w = ethWallet();
        const cases: Array<Record<string, unknown> | undefined> = [
          { uri: 'https://evil.test/' },
          { uri: TEST_ORIGIN, chain_id: '0' },
          { uri: TEST_ORIGIN, chain_id: 'one' },
          { uri: TEST_ORIGIN, issued_at: new Date(clock.now().getTime() - 3_600_000).toISOString() },
          { uri: TEST_ORIGIN, issued_at: 'yesterday' },
          { uri: TEST_ORIGIN, statement: 'two\nlines' },
          undefined,
        ];
        for (const siwe_params of cases) {
          const res = await start(siwe, 'ethereum', w.address, siwe_params ? { siwe_params } : {});
          assert.equal(res.status, 400, JSON.stringify(siwe_params));
          assert.equal(res.json.error_type, 'invalid_siwe_params');
        }
      });

      it('honours not_before and expiry', async () => {
        const w = ethWallet();
        const later = new Date(clock.now().getTime() + 5 * 60_000).toISOString();
        const { json } = await start(siwe, 'ethereum', w.address, { siwe_params: { uri: TEST_ORIGIN, not_before: later } });
        assert.match(json.data.challenge, /Not Before: /);
        const early = await authenticate(siwe, 'ethereum', w.address, w.sign(json.data.challenge));
        assert.equal(early.status, 401);
        clock.advance(5 * 60_000 + 1000);
        const onTime = await authenticate(siwe, 'ethereum', w.address, w.sign(json.data.challenge));
        assert.equal(onTime.status, 200, onTime.text);
      });

      it('keeps the plain challenge for Solana wallets', async () => {
        const w = solWallet();
        const { json } = await start(siwe, 'solana', w.address);
        assert.doesNotMatch(json.data.challenge, /wants you to sign in with your Ethereum account/);
        const res = await authenticate(siwe, 'solana', w.address, w.sign(json.data.challenge));
        assert.equal(res.status, 200, res.text);
      });
    });
  });
}
