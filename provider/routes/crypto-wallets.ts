import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ok } from '../http/errors.ts';
import { authenticateWallet, startWalletChallenge } from '../services/crypto-challenges.ts';
import { durationMinutes } from '../services/sessions.ts';
import { removeOwnFactor } from '../services/user-admin.ts';
import { canonicalAddress } from '../services/wallet-signatures.ts';

/** Crypto wallets: challenge start (primary, secondary), signature authenticate, removal. */
export function cryptoWalletRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  // Every start may create a user, so callers are held to the per-IP send budget.
  const limit = ({ config }: ProviderContext) => ({ name: 'crypto', max: config.sendLimits.perIp, windowSeconds: config.sendLimits.windowSeconds });
  const start = (secondary: boolean) =>
    endpoint(ctx, { product: 'crypto', session: secondary ? 'required' : 'optional', schema: requests.CryptoAuthenticateStart, limit }, async ({ c, caller, req }) => {
      const type = req.crypto_wallet_type;
      const address = canonicalAddress(type, req.crypto_wallet_address);
      const result = await startWalletChallenge(ctx, type, address, secondary ? caller.userId : null, req.siwe_params);
      return ok(c, { user_id: result.userId, challenge: result.challenge, user_created: result.created });
    });
  app.post('/crypto_wallets/authenticate/start/primary', start(false));
  app.post('/crypto_wallets/authenticate/start/secondary', start(true));

  app.post(
    '/crypto_wallets/authenticate',
    endpoint(ctx, { product: 'crypto', session: 'optional', schema: requests.CryptoAuthenticate }, async ({ c, caller, req }) => {
      const type = req.crypto_wallet_type;
      const address = canonicalAddress(type, req.crypto_wallet_address);
      const minutes = durationMinutes(ctx, req.session_duration_minutes);
      const issued = await authenticateWallet(ctx, { type, address, asSent: req.crypto_wallet_address, signature: req.signature }, minutes, caller);
      return ok(c, { ...issued, reset_sessions: false });
    }),
  );

  app.delete(
    '/users/crypto_wallets/:id',
    endpoint(ctx, { session: 'required' }, async ({ c, caller }) => {
      return ok(c, { user_id: caller.userId, user: await removeOwnFactor(ctx.db, caller.userId, 'crypto_wallet', c.req.param('id') ?? '') });
    }),
  );

  return app;
}
