import type { ProviderContext } from '../context.ts';
import type { ClientInfo } from './sessions.ts';
import { hit } from './limits.ts';

/**
 * Per-address and per-IP send limits, counted outside the operation's transaction so failures
 * still count, and a short window per address that lets a flow's few quick sends through but
 * refuses a burst (three sends per three seconds by default).
 */
export async function limitSend(ctx: ProviderContext, address: string, client: ClientInfo): Promise<void> {
  const { perAddress, perIp, windowSeconds, burstPerAddress, burstSeconds } = ctx.config.sendLimits;
  const now = ctx.clock.now();
  const to = address.toLowerCase();
  await hit(ctx.db, `send:ip:${client.ip}`, perIp, windowSeconds, now);
  await hit(ctx.db, `send:burst:${to}`, burstPerAddress, burstSeconds, now);
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
