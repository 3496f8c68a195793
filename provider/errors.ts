import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A failure the provider reports to callers in the hosted provider's error shape. It is a
 * domain error: services throw it, and only the HTTP layer (`http/errors.ts`) writes it out.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorType: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
