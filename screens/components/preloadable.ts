import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';

/** A component loaded on demand whose download can start before React first renders it. */
export interface Preloadable<P extends object> extends FunctionComponent<P> {
  /** Starts loading (once); resolves when the component can render without suspending. */
  preload(): Promise<unknown>;
  /** Whether it has loaded: it renders at once, without suspending. */
  readonly ready: boolean;
}

/**
 * Like `React.lazy`, plus `preload()`: the element starts Main's blocks when its config
 * arrives, and Main prefetches the next screens on idle or intent, so rendering them does not
 * wait on a request begun only then. Once loaded, the component renders at once (React.lazy
 * would still suspend its first render for a tick). A failed load is forgotten, so a later
 * render (or preload) tries again rather than failing forever.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> =>
    (pending ??= load().then(
      (c) => (loaded = c),
      (e: unknown) => {
        pending = undefined;
        throw e;
      },
    ));
  const Lazy = lazy(() => preload().then((c) => ({ default: c })));
  // An instance keeps the type it first rendered: one that began as Lazy (before the load ended)
  // and became the loaded component at its next render was a new element type to React, so the
  // screen was unmounted and mounted again, and its mount effects ran twice (the success
  // screen's AUTHENTICATE_FLOW_COMPLETE fired twice on the element).
  const Block: FunctionComponent<P> = (props) => {
    const [type] = useState(() => (loaded ?? Lazy) as ComponentType<P>);
    return createElement(type, props);
  };
  return Object.defineProperties(Object.assign(Block, { preload }), { ready: { get: () => loaded !== undefined } }) as Preloadable<P>;
}

/** A component shipped with the first load, with the same `preload()` as the others (at once). */
export function preloaded<P extends object>(component: FunctionComponent<P>): Preloadable<P> {
  const ready = Promise.resolve(component);
  const Block: FunctionComponent<P> = (props) => createElement(component, props);
  return Object.assign(Block, { preload: () => ready, ready: true });
}

/**
 * Starts loads in the background: a failure shows (or retries) when the component renders.
 * Components that are not preloadable (Main, a test's stand-in) are skipped. When some were
 * not loaded yet, returns a promise that settles (never rejects) once each has loaded or failed:
 * the element holds its first render for it (elements/base/widget-element.ts).
 */
export function prefetch(...blocks: ReadonlyArray<{ preload?(): Promise<unknown>; ready?: boolean } | undefined>): Promise<void> | undefined {
  const pending: Promise<unknown>[] = [];
  for (const b of blocks) {
    const loading = b?.preload?.().catch(() => {});
    if (loading && !b?.ready) pending.push(loading);
  }
  return pending.length > 0 ? Promise.all(pending).then(() => {}) : undefined;
}
