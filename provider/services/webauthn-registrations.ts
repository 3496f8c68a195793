import type { Queryable } from '../db/index.ts';

/** A stored credential. */
export interface Registration {
  webauthn_registration_id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  user_handle: string;
  sign_count: number;
  transports: string[];
  device_type: string;
  backed_up: boolean;
  is_passkey: boolean;
  domain: string;
  user_agent: string;
  authenticator_type: string;
  name: string;
}

/** SQL for the user object's `webauthn_registrations`, aggregated per user row `u`. */
export const REGISTRATIONS_JSON_SQL = `COALESCE((SELECT json_agg(json_build_object('webauthn_registration_id', w.webauthn_registration_id, 'domain', w.domain,
                 'user_agent', w.user_agent, 'verified', true, 'authenticator_type', w.authenticator_type, 'name', w.name) ORDER BY w.created_at)
                 FROM webauthn_registrations w WHERE w.user_id = u.user_id), '[]')`;

function fromRow(r: Registration & { sign_count: number | string }): Registration {
  return { ...r, sign_count: Number(r.sign_count) };
}

/** The registration holding a credential id, if any. */
export async function findByCredentialId(db: Queryable, credentialId: string): Promise<Registration | null> {
  const { rows } = await db.query<Registration>('SELECT * FROM webauthn_registrations WHERE credential_id = $1', [credentialId]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The credentials a user already has (for excludeCredentials and allowCredentials). */
export async function listForUser(db: Queryable, userId: string): Promise<Registration[]> {
  const { rows } = await db.query<Registration>('SELECT * FROM webauthn_registrations WHERE user_id = $1 ORDER BY created_at', [userId]);
  return rows.map(fromRow);
}

/** Stores a verified credential; returns false when the credential id is already registered. */
export async function insertRegistration(db: Queryable, r: Registration, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO webauthn_registrations (webauthn_registration_id, user_id, credential_id, public_key, user_handle, sign_count, transports, device_type,
       backed_up, is_passkey, domain, user_agent, authenticator_type, name, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)
     ON CONFLICT (credential_id) DO NOTHING RETURNING webauthn_registration_id`,
    [
      r.webauthn_registration_id,
      r.user_id,
      r.credential_id,
      r.public_key,
      r.user_handle,
      r.sign_count,
      JSON.stringify(r.transports),
      r.device_type,
      r.backed_up,
      r.is_passkey,
      r.domain,
      r.user_agent,
      r.authenticator_type,
      r.name,
      now,
    ],
  );
  return rows.length === 1;
}

/**
 * Records a use: the counter only moves forward (a stored non-zero counter that does not
 * grow means a cloned authenticator), checked in the UPDATE itself so racing uses cannot
 * both pass. Returns false when the counter check fails.
 */
export async function recordUse(db: Queryable, id: string, previous: number, next: number, backedUp: boolean, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE webauthn_registrations SET sign_count = $3, backed_up = $4, last_used_at = $5
     WHERE webauthn_registration_id = $1 AND sign_count = $2 AND ($3 > $2 OR ($3 = 0 AND $2 = 0)) RETURNING webauthn_registration_id`,
    [id, previous, next, backedUp, now],
  );
  return rows.length === 1;
}

/** Renames a user's registration; null when the user has no such registration. */
export async function renameRegistration(db: Queryable, userId: string, id: string, name: string): Promise<Registration | null> {
  const { rows } = await db.query<Registration>('UPDATE webauthn_registrations SET name = $3 WHERE webauthn_registration_id = $1 AND user_id = $2 RETURNING *', [id, userId, name]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The registration as the API shows it. */
export function registrationShape(r: Registration): Record<string, unknown> {
  return { webauthn_registration_id: r.webauthn_registration_id, domain: r.domain, user_agent: r.user_agent, verified: true, authenticator_type: r.authenticator_type, name: r.name };
}
