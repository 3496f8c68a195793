import type { Database } from '../db/index.ts';
import { withTx } from './tx.ts';

/** How much telemetry the table keeps: rows, bytes and days, whichever binds first. */
export interface EventLimits {
  maxRows: number;
  maxBytes: number;
  maxAgeDays: number;
}

export interface StoredEvent {
  name: string;
  json: string;
  bytes: number;
}

/**
 * Stores a batch and, in the same transaction, trims the table back under its limits:
 * telemetry can never fill the disk.
 */
export async function storeEvents(db: Database, events: StoredEvent[], now: Date, limits: EventLimits): Promise<void> {
  await withTx(db, async (tx) => {
    for (const r of events) {
      await tx.query('INSERT INTO events (received_at, event_name, body, bytes) VALUES ($1, $2, $3, $4)', [now, r.name, r.json, r.bytes]);
    }
    await tx.query('DELETE FROM events WHERE received_at < $1', [new Date(now.getTime() - limits.maxAgeDays * 86_400_000)]);
    await tx.query('DELETE FROM events WHERE id <= (SELECT max(id) FROM events) - $1', [limits.maxRows]);
    // The newest events whose sizes add up to the budget stay; everything older goes.
    await tx.query(
      `DELETE FROM events WHERE id <= (
         SELECT id FROM (SELECT id, sum(bytes) OVER (ORDER BY id DESC) AS newer FROM events) t
         WHERE newer > $1 ORDER BY id DESC LIMIT 1)`,
      [limits.maxBytes],
    );
  });
}
