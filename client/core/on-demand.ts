import type { GenericSchema, InferOutput } from 'valibot';
import { asError, StytchSDKError } from '../errors.ts';
import type { check } from './validate.ts';

/*
 * Parts of a client loaded on first use. No call can need a line's request checks or a call's
 * own code before it is made, so the client's first load goes without them: they are a chunk,
 * fetched once the client's bootstrap request has ended (`preload`, setup.ts) or by the first call
 * that needs it, whichever comes first. A load that fails rejects the call with a StytchSDKError
 * saying so, and the next call loads again.
 */

/**
 * Where a client keeps its line's `preload` for our elements: one whose first move is a call
 * (the consent element starts the authorization at once) fetches the calls' code as it connects,
 * beside its own, instead of after the client's bootstrap. A registered symbol, so the elements'
 * bundle finds it on a client from another file; not part of the official client's surface.
 */
export const PRELOAD_CALLS = Symbol.for('stytch-ui.client.preloadCalls');

/** A module loaded once, on first use: `get` resolves to it, `preload` starts it early. */
export function onDemand<M>(load: () => Promise<M>) {
  let pending: Promise<M> | undefined;
  const get = (): Promise<M> =>
    (pending ??= load().catch((e: unknown) => {
      pending = undefined;
      // A part built on another (a namespace on the module it comes from) passes its error on.
      if (e instanceof StytchSDKError) throw e;
      throw new StytchSDKError(`Part of the client did not load (${asError(e).message}). Check the connection and try again.`);
    }));
  return { get, preload: (): void => void get().catch(() => undefined) };
}

/** A line's checks, as its lazy module exports them: `check` and the request schemas by name. */
export interface LineChecks<M> {
  check: typeof check;
  schemas: M;
}

/** The names of a module's exports that are schemas. */
type SchemaName<M> = { [K in keyof M]: M[K] extends GenericSchema ? K : never }[keyof M] & string;
type Output<S> = S extends GenericSchema ? InferOutput<S> : never;

/** `check` with a schema named in a module loaded on first use (nothing here imports valibot at run time). */
export function checksOnDemand<M extends object>(load: () => Promise<LineChecks<M>>) {
  const checks = onDemand(load);
  return Object.assign(
    async <K extends SchemaName<M>>(method: string, name: K, input: unknown): Promise<Output<M[K]>> => {
      const { check, schemas } = await checks.get();
      return check(method, schemas[name] as GenericSchema, input) as Output<M[K]>;
    },
    { preload: checks.preload },
  );
}

type AsyncMethod = (...args: never[]) => Promise<unknown>;

/**
 * Where the methods of a namespace are: 1 for an async method, a nested shape for a nested
 * namespace. The type accepts no other member, so a sync method or a value (which could not wait
 * for a load) does not compile, and a method added to the namespace must be named here.
 */
export type CallShape<T> = { [K in keyof T]-?: T[K] extends AsyncMethod ? 1 : T[K] extends (...args: never[]) => unknown ? never : CallShape<T[K]> };

/**
 * A namespace whose methods are there at once and whose code loads on the first call: each
 * method awaits `build` (run once; again after a failure) and calls the same method of what it
 * built, on the object that holds it.
 */
export function deferredCalls<T extends object>(build: () => Promise<T>, shape: CallShape<T>): T {
  const built = onDemand(build);
  const at = (path: readonly string[], s: object): object =>
    Object.fromEntries(
      Object.entries(s).map(([key, sub]) => [
        key,
        sub === 1
          ? async (...args: unknown[]) => {
              const owner = path.reduce<Record<string, unknown>>((o, k) => o[k] as Record<string, unknown>, (await built.get()) as Record<string, unknown>);
              return (owner[key] as (...a: unknown[]) => unknown).apply(owner, args);
            }
          : at([...path, key], sub as object),
      ]),
    );
  return at([], shape) as T;
}

/**
 * The namespaces a part loaded on demand builds, each with `ctx` and its methods there at once:
 * `namespace(name)` is what `part[name](ctx)` will build (`shapes[name]`: where its methods are).
 */
export function deferredNamespaces<M, C>(part: { get(): Promise<M> }, ctx: C, shapes: { [K in keyof M]?: object }) {
  return <K extends keyof M>(name: K) => deferredCalls(async () => ((await part.get())[name] as (c: C) => object)(ctx), shapes[name] as never) as M[K] extends (c: C) => infer T ? T : never;
}
