import type { ProviderContext } from '../context.ts';
import type { ClientInfo } from './sessions.ts';
import { hit } from './limits.ts';

/**
 * Per-address and per-IP send limits, counted outside the operation's transaction so failures
 * still count, and a minimum gap between two sends to one address: a refused send does not
 * move the gap's start, so the next one is accepted `minGapSeconds` after the last accepted.
 */
export async function limitSend(ctx: ProviderContext, address: string, client: ClientInfo): Promise<void> {
  const { perAddress, perIp, windowSeconds, minGapSeconds } = ctx.config.sendLimits;
  const now = ctx.clock.now();
  const to = address.toLowerCase();
  await hit(ctx.db, `send:ip:${client.ip}`, perIp, windowSeconds, now);
  if (minGapSeconds > 0) await hit(ctx.db, `send:gap:${to}`, 1, minGapSeconds, now);
  await hit(ctx.db, `send:to:${to}`, perAddress, windowSeconds, now);
}

/** Refuses calls to a product the project has not enabled. */
export function requireProduct(ctx: ProviderContext, product: ProviderContext['config']['products'][number]): void {
  if (!ctx.config.products.includes(product)) {
    throw new ProductDisabled(product);
  }
}

import { ApiError } from '../http/errors.ts';

/** The project has switched this sign-in method off. */
export class ProductDisabled extends ApiError {
  override name = 'ProductDisabled';
  constructor(product: string) {
    super(403, 'product_not_enabled', `The ${product} product is not enabled for this project.`);
  }
}
