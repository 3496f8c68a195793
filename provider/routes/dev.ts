import { Hono } from 'hono';
import { html } from 'hono/html';
import type { ProviderContext } from '../context.ts';

/** `/dev/outbox`: the delivered messages, as a page or (with Accept: application/json) for tests. */
export function devRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();
  app.get('/dev/outbox', async (c) => {
    const to = c.req.query('to') || undefined;
    const entries = await ctx.delivery.list(ctx.db, to);
    if ((c.req.header('accept') ?? '').includes('application/json')) return c.json(entries);
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <title>Outbox</title>
          </head>
          <body>
            <h1>Outbox</h1>
            ${entries.length === 0 ? html`<p>No messages yet.</p>` : ''}
            <ol>
              ${entries.map(
                (e) =>
                  html`<li>
                    <p><strong>${e.channel}</strong> to ${e.to} at ${e.created_at}</p>
                    <p class="status status-${e.status}">
                      ${e.status} via
                      ${e.transport}${e.attempts > 0 ? html` after ${e.attempts} attempt${e.attempts === 1 ? '' : 's'}` : ''}${e.transport_message_id ? html` (id ${e.transport_message_id})` : ''}${e.error ? html`: ${e.error}` : ''}
                    </p>
                    ${e.subject ? html`<p>${e.subject}</p>` : ''}
                    <pre>${e.text}</pre>
                    ${e.link ? html`<p><a href="${e.link}">${e.link}</a></p>` : ''}
                  </li>`,
              )}
            </ol>
          </body>
        </html>`,
    );
  });
  return app;
}
