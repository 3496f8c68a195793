import assert from 'node:assert/strict';
import { randomBytes, scryptSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import argon2 from 'argon2';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { databases, sdk, uniqueEmail } from './harness.ts';
import { startServerApi, stytchError, v1, type ServerApiSetup } from './server-api-harness.ts';

const PASSWORD = 'an old but long passphrase 7!';

/** Hashes of PASSWORD as other systems store them, in the forms passwords.migrate takes. */
async function foreignHashes() {
  const salt = randomBytes(16);
  const rawArgon = await argon2.hash(PASSWORD, { type: argon2.argon2i, raw: true, salt, memoryCost: 4096, timeCost: 2, parallelism: 1, hashLength: 32 });
  return {
    bcrypt: { hash_type: 'bcrypt', hash: bcrypt.hashSync(PASSWORD, 4) },
    argon2idPhc: { hash_type: 'argon_2id', hash: await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 4096, timeCost: 2 }) },
    argon2iRaw: {
      hash_type: 'argon_2i',
      hash: rawArgon.toString('base64'),
      argon_2_config: { salt: salt.toString('base64'), iteration_amount: 2, memory: 4096, threads: 1, key_length: 32 },
    },
    scrypt: {
      hash_type: 'scrypt',
      hash: scryptSync(PASSWORD, salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64'),
      scrypt_config: { salt: salt.toString('base64'), n_parameter: 16384, r_parameter: 8, p_parameter: 1, key_length: 32 },
    },
  } as const;
}

for (const kind of databases) {
  describe(`server API: passwords through the official SDK (${kind})`, () => {
    let api: ServerApiSetup;
    let hashes: Awaited<ReturnType<typeof foreignHashes>>;
    before(async () => {
      api = await startServerApi(kind);
      hashes = await foreignHashes();
    });
    after(() => api.provider.destroy());

    /** The stored hash, read straight from PostgreSQL (the embedded database is held by the provider). */
    async function storedHash(userId: string): Promise<string | null> {
      if (!api.provider.databaseUrl) return null;
      const client = new pg.Client({ connectionString: api.provider.databaseUrl });
      await client.connect();
      try {
        return (await client.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE user_id = $1', [userId])).rows[0]!.password_hash;
      } finally {
        await client.end();
      }
    }

    for (const name of ['bcrypt', 'argon2idPhc', 'argon2iRaw', 'scrypt'] as const) {
      it(`migrates a ${name} hash: the old password signs in, a wrong one does not, and the hash becomes our argon2id`, async () => {
        const email = uniqueEmail(name);
        const res = await api.client.passwords.migrate({ email, ...hashes[name], name: { first_name: 'Imported' }, set_email_verified: true });
        assert.equal(res.user_created, true);
        assert.equal(res.user.name!.first_name, 'Imported');
        assert.equal(res.user.emails[0]!.verified, true);
        assert.ok(res.user.password?.password_id);
        const wrong = await stytchError(api.client.passwords.authenticate({ email, password: `${PASSWORD}x` }));
        assert.equal(wrong.status_code, 401);
        assert.equal(wrong.error_type, 'unauthorized_credentials');
        const ok = await api.client.passwords.authenticate({ email, password: PASSWORD, session_duration_minutes: 30 });
        assert.equal(ok.user_id, res.user_id);
        assert.equal(ok.session!.authentication_factors[0]!.type, 'password');
        assert.equal(ok.session!.authentication_factors[0]!.email_factor!.email_address, email.toLowerCase());
        const stored = await storedHash(res.user_id);
        if (stored !== null) assert.match(stored, /^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
        // Still the same password after the upgrade, from the browser as well.
        const browser = await sdk(api.provider, 'POST', '/passwords/authenticate', { email, password: PASSWORD, session_duration_minutes: 30 });
        assert.equal(browser.status, 200, browser.text);
      });
    }

    it('migrating onto an existing user replaces the password and says user_created false', async () => {
      const email = uniqueEmail();
      const created = await api.client.users.create({ email });
      const res = await api.client.passwords.migrate({ email, ...hashes.bcrypt, trusted_metadata: { from: 'legacy' } });
      assert.equal(res.user_created, false);
      assert.equal(res.user_id, created.user_id);
      assert.deepEqual(res.user.trusted_metadata, { from: 'legacy' });
      const ok = await api.client.passwords.authenticate({ email, password: PASSWORD });
      assert.ok(ok.session_token, 'a password sign-in starts a session of the default length');
    });

    it('refuses hashes it cannot import: unsupported types, malformed hashes, missing config, excessive cost', async () => {
      const email = uniqueEmail();
      const md5 = await stytchError(api.client.passwords.migrate({ email, hash_type: 'md_5', hash: 'd41d8cd98f00b204e9800998ecf8427e' }));
      assert.equal(md5.status_code, 400);
      assert.equal(md5.error_type, 'invalid_request');
      const bad = await stytchError(api.client.passwords.migrate({ email, hash_type: 'bcrypt', hash: '$2b$10$short' }));
      assert.equal(bad.error_type, 'invalid_hash');
      const noConfig = await v1(api, 'POST', '/passwords/migrate', { email, hash_type: 'scrypt', hash: hashes.scrypt.hash });
      assert.deepEqual(
        noConfig.json!.body.map((i: { dataPath: string }) => i.dataPath),
        ['.scrypt_config'],
      );
      const notPow2 = await stytchError(api.client.passwords.migrate({ email, ...hashes.scrypt, scrypt_config: { ...hashes.scrypt.scrypt_config, n_parameter: 1000 } }));
      assert.equal(notPow2.error_type, 'invalid_hash');
      const huge = await stytchError(api.client.passwords.migrate({ email, ...hashes.argon2iRaw, argon_2_config: { ...hashes.argon2iRaw.argon_2_config, memory: 4 * 1024 * 1024 } }));
      assert.equal(huge.error_type, 'invalid_hash');
      const rawNoConfig = await stytchError(api.client.passwords.migrate({ email, hash_type: 'argon_2i', hash: hashes.argon2iRaw.hash }));
      assert.equal(rawNoConfig.error_type, 'invalid_hash');
      const wrongVariant = await stytchError(api.client.passwords.migrate({ email, hash_type: 'argon_2i', hash: hashes.argon2idPhc.hash }));
      assert.equal(wrongVariant.error_type, 'invalid_hash');
      assert.equal((await api.client.users.search({ query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: [email] }] } })).results.length, 0);
    });

    it('create signs up with a strong password into a session; weak and duplicate are refused', async () => {
      const email = uniqueEmail();
      const res = await api.client.passwords.create({ email, password: 'velvet quokka jumps wharf', session_duration_minutes: 60, name: { first_name: 'New' }, untrusted_metadata: { a: 1 } });
      assert.match(res.user_id, /^user-test-/);
      assert.match(res.email_id, /^email-test-/);
      assert.ok(res.session_token);
      assert.equal(res.user.name!.first_name, 'New');
      assert.deepEqual(res.user.untrusted_metadata, { a: 1 });
      const check = await api.client.sessions.authenticate({ session_jwt: res.session_jwt });
      assert.equal(check.session.session_id, res.session!.session_id);
      const dup = await stytchError(api.client.passwords.create({ email, password: 'another long passphrase 42?' }));
      assert.equal(dup.error_type, 'duplicate_email');
      const weak = await stytchError(api.client.passwords.create({ email: uniqueEmail(), password: 'password' }));
      assert.ok(['weak_password', 'breached_password'].includes(weak.error_type), weak.error_type);
      const empty = await stytchError(api.client.passwords.create({ email: uniqueEmail(), password: '' }));
      assert.equal(empty.error_type, 'invalid_request');
    });

    it('authenticate adds the password factor to the session it is given', async () => {
      const email = uniqueEmail();
      const created = await api.client.passwords.create({ email, password: 'velvet quokka jumps wharf' });
      const res = await api.client.passwords.authenticate({ email, password: 'velvet quokka jumps wharf', session_token: created.session_token, session_duration_minutes: 90 });
      assert.equal(res.session!.session_id, created.session!.session_id);
    });

    it('parallel migrations of one new email create exactly one user', async () => {
      const email = uniqueEmail('race');
      const results = await Promise.all(Array.from({ length: 4 }, () => api.client.passwords.migrate({ email, ...hashes.bcrypt })));
      assert.equal(results.filter((r) => r.user_created).length, 1);
      assert.equal(new Set(results.map((r) => r.user_id)).size, 1);
    });

    it('locks an address after ten wrong passwords, even sent in parallel; then the right one is refused too', async () => {
      const email = uniqueEmail('lock');
      await api.client.passwords.migrate({ email, ...hashes.bcrypt });
      const wrong = await Promise.allSettled(Array.from({ length: 12 }, () => api.client.passwords.authenticate({ email, password: 'not it at all 123!' })));
      for (const r of wrong) {
        assert.equal(r.status, 'rejected');
        assert.ok(['unauthorized_credentials', 'too_many_failed_attempts'].includes((r.reason as { error_type: string }).error_type));
      }
      const right = await stytchError(api.client.passwords.authenticate({ email, password: PASSWORD }));
      assert.equal(right.status_code, 429);
      assert.equal(right.error_type, 'too_many_failed_attempts');
    });

    it('strength_check answers the hosted shape', async () => {
      const weak = await api.client.passwords.strengthCheck({ password: 'password1' });
      assert.equal(weak.valid_password, false);
      assert.equal(weak.strength_policy, 'zxcvbn');
      assert.equal(typeof weak.score, 'number');
      assert.equal(typeof weak.breach_detection_on_create, 'boolean');
      assert.ok(weak.feedback);
      const strong = await api.client.passwords.strengthCheck({ password: 'velvet quokka jumps wharf', email: uniqueEmail() });
      assert.equal(strong.valid_password, true);
      const bad = await v1(api, 'POST', '/passwords/strength_check', { password: 42 });
      assert.deepEqual(bad.json!.body, [{ dataPath: '.password', message: 'must be a string' }]);
    });
  });
}
