import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { ok } from '../http/errors.ts';
import { body } from '../http/validate.ts';
import { withTx } from '../services/tx.ts';

/** Only the newest events are kept, so telemetry can never fill the disk. */
export const MAX_STORED_EVENTS = 10_000;

/** `POST /events`: telemetry batches, validated and kept in a bounded table. */
export function eventRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.post('/events', async (c) => {
    const batch = await body(c, requests.TelemetryBatch);
    await withTx(ctx.db, async (tx) => {
      const now = ctx.clock.now();
      for (const e of batch) {
        await tx.query('INSERT INTO events (received_at, event_name, body) VALUES ($1, $2, $3)', [now, e.event.event_name.slice(0, 200), JSON.stringify(e)]);
      }
      await tx.query('DELETE FROM events WHERE id <= (SELECT max(id) FROM events) - $1', [MAX_STORED_EVENTS]);
    });
    return ok(c, {});
  });
  return app;
}
