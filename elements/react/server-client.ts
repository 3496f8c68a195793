/**
 * What the client factories of stytch-ui/react return on a server: the clients run only in a
 * browser (they hold cookies, storage and timers), yet a client component's module creates one
 * at its top level and is evaluated during server rendering too. The providers and hooks never
 * call it there (they answer `isInitialized: false`); any call says so, as the official SDK does.
 */
const NOT_THENABLE = new Set<PropertyKey>(['then', 'toJSON']);

export function serverStandIn<C>(path = 'stytch'): C {
  return new Proxy(function standIn() {}, {
    get: (_, key) => (typeof key === 'symbol' || NOT_THENABLE.has(key) ? undefined : serverStandIn(`${path}.${key}`)),
    apply: () => {
      throw new Error(`[Stytch] Invalid server-side function call to ${path}`);
    },
  }) as C;
}

/** The factory, or on a server the stand-in. */
export function browserOnly<A extends unknown[], C>(create: (...args: A) => C): (...args: A) => C {
  return (...args) => (typeof window === 'undefined' ? serverStandIn<C>() : create(...args));
}
