import type { Context } from 'hono';
import type * as v from 'valibot';
import type { ProviderContext } from '../context.ts';
import { requireProduct } from '../services/sends.ts';
import { durationMinutes } from '../services/sessions.ts';
import { authenticateCaller, type Caller } from './auth.ts';
import { body } from './validate.ts';

type Product = ProviderContext['config']['products'][number];

/**
 * What the caller must present: `none` reads no Basic credentials (the server API, whose
 * middleware has checked them, and the anonymous telemetry route); `optional` takes the public
 * token with or without a session; `required` refuses a caller without a live session.
 */
export type SessionNeed = 'none' | 'optional' | 'required';

/** A caller that `required` let through: its session and user are known. */
export type SignedIn = Caller & { sessionId: string; userId: string };

type CallerOf<N extends SessionNeed> = N extends 'required' ? SignedIn : N extends 'optional' ? Caller : undefined;
type RequestOf<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

export interface EndpointSpec<N extends SessionNeed, S extends v.GenericSchema | undefined, M extends boolean> {
  /** The product that must be enabled for the project; checked first. */
  product?: Product;
  session: N;
  /** The shared wire schema the JSON body must match; no body is read without one. */
  schema?: S;
  /** Whether the call starts a session: `session_duration_minutes` checked against the project's limits. */
  minutes?: M;
}

export interface EndpointArgs<N extends SessionNeed, S extends v.GenericSchema | undefined, M extends boolean> {
  c: Context;
  caller: CallerOf<N>;
  req: RequestOf<S>;
  minutes: M extends true ? number : undefined;
}

/**
 * One endpoint's preamble, in the order every route answers its refusals: the product check,
 * then the caller's credentials, then the body, then the session duration asked for.
 */
export function endpoint<N extends SessionNeed, S extends v.GenericSchema | undefined = undefined, M extends boolean = false>(
  ctx: ProviderContext,
  spec: EndpointSpec<N, S, M>,
  handler: (args: EndpointArgs<N, S, M>) => Promise<Response>,
): (c: Context) => Promise<Response> {
  return async (c) => {
    if (spec.product !== undefined) requireProduct(ctx, spec.product);
    const caller = spec.session === 'none' ? undefined : await authenticateCaller(ctx, c, spec.session === 'required');
    const req = spec.schema === undefined ? undefined : await body(c, spec.schema);
    const minutes = spec.minutes === true ? durationMinutes(ctx, (req as { session_duration_minutes?: number } | undefined)?.session_duration_minutes) : undefined;
    return handler({ c, caller, req, minutes } as EndpointArgs<N, S, M>);
  };
}
