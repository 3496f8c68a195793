import type { Bootstrap } from '../core/bootstrap.ts';
import type { ClientEnv } from '../core/env.ts';
import type { PKCEStore } from '../core/pkce.ts';
import { CAPTCHA_ACTION, type CaptchaProvider, type DFPProvider, type Transport } from '../core/transport.ts';
import type { SDKRequest } from '../core/request.ts';
import type { SessionManager } from '../session/manager.ts';
import type { AuthenticateResponse } from '../session/types.ts';

/** What every API namespace needs; built once per client. `M`: the B2C or the B2B session manager. */
export interface ApiContext<M = SessionManager> {
  env: ClientEnv;
  transport: Transport;
  session: M;
  bootstrap: Bootstrap;
  pkce: { magicLinks: PKCEStore; passwords: PKCEStore; oauth: PKCEStore };
  captcha?: CaptchaProvider;
  dfp?: DFPProvider;
}

/** Protection fields the project asks for in bootstrap: a captcha token and/or a DFP telemetry id. */
export async function protection(ctx: Pick<ApiContext, 'bootstrap' | 'captcha' | 'dfp'>): Promise<{ captcha_token?: string; dfp_telemetry_id?: string }> {
  const b = await ctx.bootstrap.ready();
  const dfp_telemetry_id = b.dfp_protected_auth_enabled ? await ctx.dfp?.getTelemetryId().catch(() => undefined) : undefined;
  // In DECISIONING mode the provider decides from the fingerprint and asks for a captcha only when it wants one.
  const wantCaptcha = b.captcha_settings.enabled && !(b.dfp_protected_auth_enabled && b.dfp_protected_auth_mode === 'DECISIONING');
  const captcha_token = wantCaptcha ? await ctx.captcha?.getToken(b.captcha_settings.siteKey, CAPTCHA_ACTION).catch(() => undefined) : undefined;
  return { captcha_token, dfp_telemetry_id };
}

/** A call made after the first bootstrap answer (or its time limit). */
export async function call<T>(ctx: Pick<ApiContext, 'bootstrap' | 'transport'>, req: SDKRequest): Promise<T> {
  await ctx.bootstrap.ready();
  return ctx.transport.call<T>(req);
}

/** An authenticate call: its answer becomes the local session. */
export async function authenticate<T extends object = AuthenticateResponse>(
  ctx: Pick<ApiContext, 'bootstrap' | 'transport'> & { session: { update(r: NoInfer<T>): void } },
  path: string,
  body: object,
): Promise<T> {
  const r = await call<T>(ctx, { method: 'POST', path, body });
  ctx.session.update(r);
  return r;
}

/** `/primary` before a session exists, `/secondary` (adding a factor) after. */
export const primaryOrSecondary = (ctx: ApiContext) => (ctx.session.getTokens() ? 'secondary' : 'primary');
