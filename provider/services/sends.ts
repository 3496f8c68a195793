import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import type { ClientInfo } from './sessions.ts';
import { hit } from './limits.ts';

/**
 * Per-address and per-IP send limits, counted outside the operation's transaction so failures
 * still count, and a short window per address that lets a flow's few quick sends through but
 * refuses a burst (three sends per three seconds by default). A send made inside an
 * operation's transaction (one that must not touch the database beside it) passes `db`.
 */
export async function limitSend(ctx: ProviderContext, address: string, client: ClientInfo, db: Queryable = ctx.db): Promise<void> {
  const { perIp, windowSeconds } = ctx.config.sendLimits;
  await hit(db, `send:ip:${client.ip}`, perIp, windowSeconds, ctx.clock.now());
  await limitSendTo(ctx, address, db);
}

/**
 * The per-address limits alone (the burst window and the longer one): server API sends all
 * come from the site's backend, whose one IP must not share a budget meant for single
 * browsers (its secret has its own limit).
 */
export async function limitSendTo(ctx: ProviderContext, address: string, db: Queryable = ctx.db): Promise<void> {
  const { perAddress, windowSeconds, burstPerAddress, burstSeconds } = ctx.config.sendLimits;
  const now = ctx.clock.now();
  const to = address.toLowerCase();
  await hit(db, `send:burst:${to}`, burstPerAddress, burstSeconds, now);
  await hit(db, `send:to:${to}`, perAddress, windowSeconds, now);
}

/** Refuses calls to a product the project has not enabled. */
export function requireProduct(ctx: ProviderContext, product: ProviderContext['config']['products'][number]): void {
  if (!ctx.config.products.includes(product)) {
    throw new ProductDisabled(product);
  }
}

import { ApiError } from '../errors.ts';

/** The project has switched this sign-in method off. */
export class ProductDisabled extends ApiError {
  override name = 'ProductDisabled';
  constructor(product: string) {
    super(403, 'product_not_enabled', `The ${product} product is not enabled for this project.`);
  }
}
