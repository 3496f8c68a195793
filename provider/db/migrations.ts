import type { Database } from './types.ts';

/**
 * Ordered schema migrations. Append only: a migration that has shipped is never edited,
 * because databases in the field have already applied it.
 */
export const migrations: ReadonlyArray<{ id: number; name: string; sql: string }> = [
  {
    id: 1,
    name: 'projects',
    sql: `
      CREATE TABLE projects (
        project_id text PRIMARY KEY,
        public_token text NOT NULL UNIQUE,
        environment text NOT NULL CHECK (environment IN ('test', 'live')),
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];

/** Applies every migration not yet recorded, each in its own transaction, under an advisory lock. */
export async function migrate(db: Database): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  await db.transaction(async (tx) => {
    // Several provider processes may start at once against one PostgreSQL server.
    await tx.query('SELECT pg_advisory_xact_lock(7340211)');
    const { rows } = await tx.query<{ id: number }>('SELECT id FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.id));
    for (const m of migrations) {
      if (applied.has(m.id)) continue;
      await tx.query(m.sql);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
    }
  });
}
