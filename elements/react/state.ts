/**
 * The hooks' one mechanism: a value the client knows locally (`getInfo()`: the value and whether
 * it is still the copy stored by an earlier page), followed through the client's `onChange`
 * (sign-in, refresh, sign-out, expiry, another tab), in the official hooks' shape
 * `{ [key]: value, fromCache, isInitialized }`.
 */
import { useCallback, useRef, useSyncExternalStore } from 'react';

/** What a client part gives the hooks. */
export interface InfoSource<V> {
  read(): { value: V | null; fromCache: boolean };
  subscribe(listener: () => void): () => void;
}

/** A hook's answer: the value under its name, `fromCache` and `isInitialized`. */
export type Info<K extends string, V> = { [P in K]: V | null } & { fromCache: boolean; isInitialized: boolean };

const uninitialized = new Map<string, unknown>();
/** The answer before the client is read (on a server, and while hydrating): one object per key. */
function notYet<K extends string, V>(key: K): Info<K, V> {
  let v = uninitialized.get(key) as Info<K, V> | undefined;
  if (!v) uninitialized.set(key, (v = Object.freeze({ [key]: null, fromCache: false, isInitialized: false }) as Info<K, V>));
  return v;
}

/**
 * `source` read as `{ [key]: value, fromCache, isInitialized }`: the same object until the value
 * or `fromCache` changes, so a component re-renders once per change. `ready` false answers the
 * uninitialized shape (a provider with `assumeHydrated={false}` before its first effect).
 */
export function useInfo<K extends string, V>(key: K, source: InfoSource<V>, ready: boolean): Info<K, V> {
  const last = useRef<Info<K, V> | undefined>(undefined);
  const snapshot = useCallback((): Info<K, V> => {
    const { value, fromCache } = source.read();
    const prev = last.current;
    if (prev && prev[key] === value && prev.fromCache === fromCache) return prev;
    return (last.current = { [key]: value, fromCache, isInitialized: true } as Info<K, V>);
  }, [key, source]);
  const serverSnapshot = useCallback(() => notYet<K, V>(key), [key]);
  const info = useSyncExternalStore(source.subscribe, snapshot, serverSnapshot);
  return ready ? info : notYet<K, V>(key);
}
