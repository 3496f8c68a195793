/** The slice of a PostgreSQL client the provider uses, shared by PGlite and `pg`. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs `fn` in one transaction: every write of an operation commits or none does. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the pool's connections, for checks that none leaked. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}
