import type { Context } from 'hono';
import type * as v from 'valibot';
import type { ProviderContext } from '../context.ts';
import { hitAll } from '../services/limits.ts';
import { requireProduct } from '../services/sends.ts';
import { durationMinutes } from '../services/sessions.ts';
import { authenticateCaller, authenticateMember, clientInfo, presentedSecret, type Caller, type MemberCaller, type PresentedSecret, type SignedInMember } from './auth.ts';
import { body, formOrJsonBody } from './validate.ts';

type Product = ProviderContext['config']['products'][number];

/**
 * What the caller must present: `none` reads no Basic credentials (the server API, whose
 * middleware has checked them, and the anonymous telemetry route); `optional` takes the public
 * token with or without a session; `required` refuses a caller without a live session;
 * `secret` refuses a caller without a session secret but leaves finding the session to the
 * handler's service (`sessions/authenticate` finds and refreshes it in one statement, the hot
 * path, where a lookup first would be a second round trip).
 */
export type SessionNeed = 'none' | 'optional' | 'required' | 'secret';

/**
 * Whose session the secret must be: a user's (`/sdk/v1`, B2C) or a member's (`/sdk/v1/b2b`);
 * the one is never taken for the other.
 */
export type CallerKind = 'user' | 'member';

/** A caller that `required` let through: its session and user are known. */
export type SignedIn = Caller & { sessionId: string; userId: string };

type CallerOf<K extends CallerKind, N extends SessionNeed> = N extends 'secret'
  ? PresentedSecret
  : N extends 'required'
    ? K extends 'member'
      ? SignedInMember
      : SignedIn
    : N extends 'optional'
      ? K extends 'member'
        ? MemberCaller
        : Caller
      : undefined;
type RequestOf<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

/**
 * Whether the call takes `session_duration_minutes`: `true` (it starts a session: checked, the
 * project's default when absent) or `'optional'` (it may extend one: checked when sent, else
 * undefined and the session keeps its end).
 */
export type MinutesNeed = boolean | 'optional';
type MinutesOf<M extends MinutesNeed> = M extends true ? number : M extends 'optional' ? number | undefined : undefined;

/** A per-IP budget of calls: `max` calls in `windowSeconds`, counted under `name`. */
export interface RouteLimit {
  name: string;
  max: number;
  windowSeconds: number;
  /**
   * `false` for a throttle on request volume alone (nothing guessable behind it): its count
   * commits without waiting for the disk (services/limits.ts), so a busy caller's requests do
   * not queue on its counter's row lock through a flush each.
   */
  durable?: boolean;
}

export interface EndpointSpec<N extends SessionNeed, S extends v.GenericSchema | undefined, M extends MinutesNeed, K extends CallerKind = 'user'> {
  /** The product that must be enabled for the project; checked first. */
  product?: Product;
  /** Whose session the caller may present; a user's unless said. */
  as?: K;
  session: N;
  /** The shared wire schema the JSON body must match; no body is read without one. */
  schema?: S;
  /** The body may be a URL-encoded form as well as JSON (the OAuth endpoints, RFC 6749). */
  form?: boolean;
  /** Whether the call starts (or may extend) a session: `session_duration_minutes` checked against the project's limits. */
  minutes?: M;
  /** The route's per-IP rate limit (429 with Retry-After), counted once the request is well formed. */
  limit?: (ctx: ProviderContext) => RouteLimit;
}

export interface EndpointArgs<N extends SessionNeed, S extends v.GenericSchema | undefined, M extends MinutesNeed, K extends CallerKind = 'user'> {
  c: Context;
  caller: CallerOf<K, N>;
  req: RequestOf<S>;
  minutes: MinutesOf<M>;
}

/**
 * One endpoint's preamble, in the order every route answers its refusals: the product check,
 * then the caller's credentials (a user's or a member's), then the body, then the session
 * duration asked for, then the route's rate limit.
 */
export function endpoint<N extends SessionNeed, S extends v.GenericSchema | undefined = undefined, M extends MinutesNeed = false, K extends CallerKind = 'user'>(
  ctx: ProviderContext,
  spec: EndpointSpec<N, S, M, K>,
  handler: (args: EndpointArgs<N, S, M, K>) => Promise<Response>,
): (c: Context) => Promise<Response> {
  const kind: CallerKind = spec.as ?? 'user';
  const authenticate = kind === 'member' ? authenticateMember : authenticateCaller;
  return async (c) => {
    if (spec.product !== undefined) requireProduct(ctx, spec.product);
    const caller = spec.session === 'none' ? undefined : spec.session === 'secret' ? presentedSecret(ctx, c, kind) : await authenticate(ctx, c, spec.session === 'required');
    const req = spec.schema === undefined ? undefined : await (spec.form === true ? formOrJsonBody : body)(c, spec.schema);
    const asked = (req as { session_duration_minutes?: number } | undefined)?.session_duration_minutes;
    const minutes = spec.minutes === true || (spec.minutes === 'optional' && asked !== undefined) ? durationMinutes(ctx, asked) : undefined;
    if (spec.limit !== undefined) {
      const { name, max, windowSeconds, durable } = spec.limit(ctx);
      await hitAll(ctx.db, [{ key: `${name}:ip:${caller?.client.ip ?? clientInfo(ctx, c).ip}`, max }], windowSeconds, ctx.clock.now(), { durable });
    }
    return handler({ c, caller, req, minutes } as EndpointArgs<N, S, M, K>);
  };
}
