import type { GenericSchema, InferOutput } from 'valibot';
import { asError, StytchSDKError } from '../errors.ts';
import type { check } from './validate.ts';

/** A line's checks, as its lazy module exports them: `check` and the request schemas by name. */
export interface LineChecks<M> {
  check: typeof check;
  schemas: M;
}

/** The names of a module's exports that are schemas. */
type SchemaName<M> = { [K in keyof M]: M[K] extends GenericSchema ? K : never }[keyof M] & string;
type Output<S> = S extends GenericSchema ? InferOutput<S> : never;

/**
 * `check` with a schema named in a module loaded on first use. A line's request schemas, valibot
 * and the check are a chunk of their own: no call can need them before it is made, so the
 * client's first load goes without them (nothing here imports valibot at run time). `preload`
 * starts the load ahead of any call (a new client does, from the next task). A load that fails
 * rejects the call with a StytchSDKError saying so; the next call loads again.
 */
export function checksOnDemand<M extends object>(load: () => Promise<LineChecks<M>>) {
  let pending: Promise<LineChecks<M>> | undefined;
  const loaded = () =>
    (pending ??= load().catch((e: unknown) => {
      pending = undefined;
      throw new StytchSDKError(`The client's request checks did not load (${asError(e).message}). Check the connection and try again.`);
    }));
  return Object.assign(
    async <K extends SchemaName<M>>(method: string, name: K, input: unknown): Promise<Output<M[K]>> => {
      const { check, schemas } = await loaded();
      return check(method, schemas[name] as GenericSchema, input) as Output<M[K]>;
    },
    { preload: (): void => void loaded().catch(() => undefined) },
  );
}
