import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { clientInfo } from '../http/auth.ts';
import { ApiError, ok } from '../http/errors.ts';
import { limitBody } from '../http/guards.ts';
import { body } from '../http/validate.ts';
import { hit } from '../services/limits.ts';
import { withTx } from '../services/tx.ts';

/** One event as stored (its JSON) may take this much; the client's are a few hundred bytes. */
export const MAX_EVENT_BYTES = 4 * 1024;
/** A batch body: the largest batch of the largest events, with room for the brackets. */
const MAX_BATCH_BYTES = requests.TELEMETRY_MAX_BATCH * MAX_EVENT_BYTES + 1024;

/**
 * `POST /events`: telemetry batches. Anyone may post (the client sends no Authorization), so
 * each event must name the project's public token, events and batches are small, each client
 * IP has a budget of batches a minute, and the table is kept under a number of rows, of bytes
 * and of days: telemetry can never fill the disk.
 */
export function eventRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  const tokens = new Set([ctx.config.publicTokens.test, ctx.config.publicTokens.live].filter((t) => t !== undefined));
  const limits = ctx.config.eventLimits;
  app.post('/events', limitBody(MAX_BATCH_BYTES, `${MAX_BATCH_BYTES} bytes`), async (c) => {
    const batch = await body(c, requests.TelemetryBatch);
    if (!batch.every((e) => tokens.has(e.event.public_token))) {
      throw new ApiError(401, 'unauthorized_credentials', 'Unauthorized credentials: the public token is missing or not valid.');
    }
    const rows = batch.map((e) => {
      const json = JSON.stringify(e);
      const bytes = Buffer.byteLength(json);
      if (bytes > MAX_EVENT_BYTES) throw new ApiError(400, 'invalid_request', `An event may take at most ${MAX_EVENT_BYTES} bytes.`);
      return { name: e.event.event_name.slice(0, 200), json, bytes };
    });
    const now = ctx.clock.now();
    await hit(ctx.db, `events:ip:${clientInfo(c).ip}`, limits.batchesPerIpPerMinute, 60, now);
    await withTx(ctx.db, async (tx) => {
      for (const r of rows) {
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
    return ok(c, {});
  });
  return app;
}
