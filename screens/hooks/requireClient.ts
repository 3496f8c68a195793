import type { WidgetClient } from '../context.ts';

// Apart from context.ts so that only screens that call the provider carry it.
/** The line's client (the B2C client, or the B2B element's), or a usage error when the host mounted the widget without one. */
export function requireClient<C = WidgetClient>(client: C | undefined): C {
  if (!client) throw new MissingClientError();
  return client;
}

/** The host mounted a widget that must call the provider without passing `client`. */
export class MissingClientError extends Error {
  override name = 'MissingClientError';
  constructor() {
    super('The widget needs a client: pass `client: createClient(publicToken)` (`createB2BClient` for the B2B element) to the mount call.');
  }
}
