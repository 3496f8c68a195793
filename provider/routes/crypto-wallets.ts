import { Hono } from 'hono';
import { requests } from '../../client/schemas/index.ts';
import type { ProviderContext } from '../context.ts';
import { endpoint } from '../http/endpoint.ts';
import { ApiError, ok } from '../http/errors.ts';
import { consumeChallenge, issueChallenge, walletOwner } from '../services/crypto-challenges.ts';
import { durationMinutes, startOrExtend } from '../services/sessions.ts';
import { withTx } from '../services/tx.ts';
import { removeOwnFactor } from '../services/user-admin.ts';
import { loadUser } from '../services/users.ts';
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
      const result = await withTx(ctx.db, async (tx) => {
        const owner = await walletOwner(ctx, tx, type, address, secondary ? caller.userId : null);
        const challenge = await issueChallenge(ctx, tx, type, address, owner.userId, req.siwe_params);
        return { ...owner, challenge };
      });
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
      const issued = await withTx(ctx.db, async (tx) => {
        const proved = await consumeChallenge(ctx, tx, type, address, req.signature);
        const factor = {
          type: 'crypto',
          delivery_method: `crypto_wallet_${type}`,
          last_authenticated_at: ctx.clock.now().toISOString(),
          crypto_wallet_factor: { crypto_wallet_id: proved.walletId, crypto_wallet_address: req.crypto_wallet_address, crypto_wallet_type: type },
        };
        return startOrExtend(ctx, tx, proved.userId, factor, minutes, caller.client, caller.userId === proved.userId ? caller.sessionId : null);
      });
      return ok(c, { ...issued, reset_sessions: false });
    }),
  );

  app.delete(
    '/users/crypto_wallets/:id',
    endpoint(ctx, { session: 'required' }, async ({ c, caller }) => {
      const user = await withTx(ctx.db, async (tx) => {
        if (!(await removeOwnFactor(tx, caller.userId, 'crypto_wallet', c.req.param('id') ?? ''))) {
          throw new ApiError(404, 'crypto_wallet_not_found', 'No such crypto wallet on this user.');
        }
        return loadUser(tx, caller.userId);
      });
      return ok(c, { user_id: caller.userId, user });
    }),
  );

  return app;
}
