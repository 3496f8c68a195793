import type { Context } from 'hono';
import type { ProviderContext } from '../context.ts';

/**
 * This provider's name as an authorization server: `connectedApps.issuer`, else `publicUrl`,
 * else the origin the request came to; never with a trailing slash, as the official Node SDK
 * compares it with its base URL trimmed. Every token, discovery document and authorization
 * response says the same one.
 */
export function issuerOf(ctx: ProviderContext, c: Context): string {
  return (ctx.config.connectedApps.issuer ?? ctx.config.publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '');
}
