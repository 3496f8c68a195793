import type { WidgetClient } from '../context.ts';

// Apart from context.ts so that only screens that call the provider carry it.
/** The client, or a usage error when the host mounted the widget without one. */
export function requireClient(client: WidgetClient | undefined): WidgetClient {
  if (!client) throw new MissingClientError();
  return client;
}

/** The host mounted a widget that must call the provider without passing `client`. */
export class MissingClientError extends Error {
  override name = 'MissingClientError';
  constructor() {
    super('The widget needs a client: pass `client: createClient(publicToken)` to the mount call.');
  }
}
