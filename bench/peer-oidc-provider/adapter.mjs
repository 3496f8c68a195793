// oidc-provider's storage on PostgreSQL: one table keyed by model and id, the payload as JSONB,
// its expiry, and the columns its adapter interface looks things up by (grantId to revoke a
// grant's tokens, uid for sessions, userCode for device codes). The interface is
// oidc-provider's `Adapter` (its lib/adapters/memory_adapter.js is the reference).

/** Creates the table and its lookups (once, before any process serves). */
export async function migrate(pool) {
  await pool.query(`CREATE TABLE IF NOT EXISTS oidc_payloads (
    model text NOT NULL,
    id text NOT NULL,
    payload jsonb NOT NULL,
    grant_id text,
    user_code text,
    uid text,
    expires_at timestamptz,
    consumed_at timestamptz,
    PRIMARY KEY (model, id)
  )`);
  await pool.query('CREATE INDEX IF NOT EXISTS oidc_payloads_grant_id ON oidc_payloads (grant_id)');
  await pool.query('CREATE INDEX IF NOT EXISTS oidc_payloads_user_code ON oidc_payloads (user_code)');
  await pool.query('CREATE INDEX IF NOT EXISTS oidc_payloads_uid ON oidc_payloads (uid)');
}

const LIVE = '(expires_at IS NULL OR expires_at > now())';

/** The adapter class oidc-provider instantiates once per model name (`new Adapter('AccessToken')`). */
export function postgresAdapter(pool) {
  return class PostgresAdapter {
    constructor(model) {
      this.model = model;
    }

    async upsert(id, payload, expiresIn) {
      await pool.query(
        `INSERT INTO oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [this.model, id, payload, payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresIn ?? null],
      );
    }

    async #findBy(column, value) {
      const { rows } = await pool.query(`SELECT payload, extract(epoch FROM consumed_at)::int AS consumed FROM oidc_payloads WHERE model = $1 AND ${column} = $2 AND ${LIVE}`, [this.model, value]);
      const row = rows[0];
      if (!row) return undefined;
      return row.consumed === null ? row.payload : { ...row.payload, consumed: row.consumed };
    }

    find(id) {
      return this.#findBy('id', id);
    }

    findByUid(uid) {
      return this.#findBy('uid', uid);
    }

    findByUserCode(userCode) {
      return this.#findBy('user_code', userCode);
    }

    async consume(id) {
      await pool.query('UPDATE oidc_payloads SET consumed_at = now() WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async destroy(id) {
      await pool.query('DELETE FROM oidc_payloads WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId) {
      await pool.query('DELETE FROM oidc_payloads WHERE grant_id = $1', [grantId]);
    }
  };
}
