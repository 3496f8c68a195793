import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { clientInfo } from '../http/auth.ts';
import { ApiError, ok } from '../http/errors.ts';
import { endpoint } from '../http/endpoint.ts';
import { limitBody } from '../http/guards.ts';
import { storeEvents } from '../services/events.ts';
import { hit } from '../services/limits.ts';
import { publicTokensOf } from '../config.ts';

/**
 * One event as stored (its JSON) may take this much. Most are a few hundred bytes; the official
 * B2B client's `b2b_sdk_instance_instantiated` carries what it read from bootstrap, the RBAC
 * policy included, about 5 KB with the default roles and resources.
 */
export const MAX_EVENT_BYTES = 16 * 1024;
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
  const tokens = new Set(publicTokensOf(ctx.config).map((t) => t.token));
  const limits = ctx.config.eventLimits;
  app.post(
    '/events',
    limitBody(MAX_BATCH_BYTES, `${MAX_BATCH_BYTES} bytes`),
    endpoint(ctx, { session: 'none', schema: requests.TelemetryBatch }, async ({ c, req: batch }) => {
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
      await hit(ctx.db, `events:ip:${clientInfo(ctx, c).ip}`, limits.batchesPerIpPerMinute, 60, now);
      await storeEvents(ctx.db, rows, now, limits);
      return ok(c, {});
    }),
  );
  return app;
}
