import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createElement, type ComponentType, type ReactElement } from 'react';
import type { AppProps } from '../../screens/App.tsx';

/** Everything one render of a widget needs, handed over as a single property. */
export interface RootProps {
  cache: EmotionCache;
  app: AppProps;
  /** The tree's root component: the B2C App or the B2B one. Passed in, so neither element's bundle carries the other's screens. */
  component: ComponentType<AppProps>;
  /** Adopt the server-rendered markup already in the container (hydrate) instead of replacing it. */
  hydrate?: boolean;
  /** React's useId prefix: the server's, when hydrating light-DOM markup (ids must match and stay unique on the page). */
  identifierPrefix?: string | undefined;
}

/**
 * One widget's React tree. The browser root and the server renderer both build it here, so
 * the tree the server rendered is the tree the browser hydrates (useId and Suspense
 * boundaries depend on the tree's shape).
 */
export function widgetTree(root: RootProps): ReactElement {
  return createElement(CacheProvider, { value: root.cache }, createElement(root.component, root.app));
}
