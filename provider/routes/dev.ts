import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { ProviderContext } from '../context.ts';

// The outbox is read beside the demo pages: their look (system font, cards, the same blue), light
// or dark as the reader's system is, and its messages wrapped on a phone.
const OUTBOX_CSS = `
:root { color-scheme: light dark; --bg: #f6f7f9; --fg: #1b1f24; --card: #fff; --line: #dde3e7; --muted: #4a5560; --link: #1f5fbf; }
@media (prefers-color-scheme: dark) { :root { --bg: #0b1317; --fg: #dfe7eb; --card: #132027; --line: #2c3e47; --muted: #a9b9c1; --link: #8cc4ff; } }
body { font-family: system-ui, sans-serif; margin: 0; padding: 2rem 1rem; background: var(--bg); color: var(--fg); line-height: 1.5; }
main { max-width: 760px; margin: 0 auto; }
h1 { margin-top: 0; font-size: 1.6rem; }
a { color: var(--link); overflow-wrap: anywhere; }
ol { list-style: none; padding: 0; display: grid; gap: 1rem; }
li { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem 1rem; }
li p { margin: 0.25rem 0; overflow-wrap: anywhere; }
.status { color: var(--muted); font-size: 0.9rem; }
.status-failed { color: #c0392b; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 13px; margin: 0.5rem 0; }
`;

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
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>Outbox</title>
            <style>
              ${raw(OUTBOX_CSS)}
            </style>
          </head>
          <body>
            <main>
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
            </main>
          </body>
        </html>`,
    );
  });
  return app;
}
