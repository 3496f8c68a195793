import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { Component, createElement, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { asError } from '../../client/errors.ts';
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

/** `props`: the props that failed (known once the failure is committed); new ones try again. */
interface Failure {
  failed: boolean;
  props: RootProps | null;
}

/**
 * A render failure goes to the host's onError and the widget renders nothing, until the host
 * gives it new props (a config it can render, say). A boundary rather than the root's
 * `onUncaughtError`: that option is React 19's, and the widget files carry React 18.
 */
class ReportsFailure extends Component<{ root: RootProps; children?: ReactNode }, Failure> {
  override state: Failure = { failed: false, props: null };

  static getDerivedStateFromError(): Partial<Failure> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { root: RootProps }, state: Failure): Partial<Failure> | null {
    return state.failed && state.props && state.props !== props.root ? { failed: false, props: null } : null;
  }

  override componentDidCatch(error: unknown): void {
    this.setState({ props: this.props.root });
    this.props.root.app.callbacks.onError(asError(error));
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * One widget's React tree. The browser root and the server renderer both build it here, so
 * the tree the server rendered is the tree the browser hydrates (useId and Suspense
 * boundaries depend on the tree's shape).
 */
export function widgetTree(root: RootProps): ReactElement {
  return createElement(ReportsFailure, { root }, createElement(CacheProvider, { value: root.cache }, createElement(root.component, root.app)));
}
