import r2wc from '@r2wc/core';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App, type AppProps } from '../../screens/App.tsx';

/** Everything one render of a widget needs, handed over as a single property. */
export interface RootProps {
  cache: EmotionCache;
  app: AppProps;
}

// r2wc also hands the component its container; the tree has no use for it.
type Props = { root?: RootProps; container?: HTMLElement };

function WidgetRoot({ root }: Props) {
  if (!root) return null;
  return createElement(CacheProvider, { value: root.cache }, createElement(App, root.app));
}

interface Mounted {
  root: Root;
  Component: ComponentType<Props>;
  latest: Props;
}

// r2wc's React renderer, plus the root option that sends render failures to the host's
// onError instead of only the console (react-to-web-component's own renderer takes none).
const renderer = {
  mount(container: HTMLElement, Component: ComponentType<Props>, props: Props): Mounted {
    const mounted: Mounted = {
      Component,
      latest: props,
      root: createRoot(container, {
        onUncaughtError: (error) => mounted.latest.root?.app.callbacks.onError(error instanceof Error ? error : new Error(String(error))),
      }),
    };
    mounted.root.render(createElement(Component, props));
    return mounted;
  },
  update(mounted: Mounted, props: Props): void {
    mounted.latest = props;
    mounted.root.render(createElement(mounted.Component, props));
  },
  unmount(mounted: Mounted): void {
    mounted.root.unmount();
  },
};

/** Internal tag: the React tree's host inside each widget's render root. */
export const ROOT_TAG = 'stytch-widget-root';

/**
 * r2wc owns the React side: it maps the `root` property into the tree, creates the React
 * root on connection, re-renders on every set and unmounts on disconnection. The outer
 * Lit-style element batches changes so `root` is set once per microtask. `root` has no
 * transform, so the store, cache and callbacks pass through untouched (never serialized).
 */
export function defineReactRoot(registry: CustomElementRegistry = customElements): void {
  if (registry.get(ROOT_TAG)) return;
  const props = { root: undefined } as unknown as Record<'root', 'json'>;
  registry.define(ROOT_TAG, r2wc<Props, Mounted>(WidgetRoot, { props }, renderer));
}

/** The element r2wc defines, as the outer element uses it. */
export type ReactRootElement = HTMLElement & { root?: RootProps };
