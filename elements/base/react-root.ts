import r2wc from '@r2wc/core';
import { createElement, startTransition, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { asError } from '../../client/errors.ts';
import { widgetTree, type RootProps } from './widget-tree.ts';

export type { RootProps } from './widget-tree.ts';

// r2wc also hands the component its container; the tree has no use for it.
type Props = { root?: RootProps; container?: HTMLElement };

function WidgetRoot({ root }: Props) {
  if (!root) return null;
  return widgetTree(root);
}

interface Mounted {
  container: HTMLElement;
  /** Created at the first render that has the widget's props (see mount). */
  root?: Root;
  /** The root hydrated server markup: later renders are transitions (see render). */
  hydrated?: boolean;
  Component: ComponentType<Props>;
  latest: Props;
}

// Render failures reach the host's onError through the tree's boundary (widget-tree.ts).
function rootOptions(mounted: Mounted, identifierPrefix: string | undefined): RootOptions {
  return {
    ...(identifierPrefix ? { identifierPrefix } : {}),
    // A hydration mismatch React recovered from by rendering afresh: the widget works, the
    // host hears why its server markup was not kept.
    onRecoverableError: (error) => mounted.latest.root?.app.callbacks.onError(asError(error)),
  };
}

function render(mounted: Mounted, props: Props): void {
  mounted.latest = props;
  const root = mounted.root;
  if (root) {
    // Over server markup, parts of the tree may still wait for their code to hydrate. A plain
    // update reaching them (the client set after the script ran, say) makes React drop their
    // markup, and what the user typed into it, for a fresh render; a transition waits for them.
    if (mounted.hydrated) return startTransition(() => root.render(createElement(mounted.Component, props)));
    return root.render(createElement(mounted.Component, props));
  }
  // Until the widget's props arrive there is nothing to render; an empty render would also
  // wipe server markup that is about to be hydrated.
  if (!props.root) return;
  const element = createElement(mounted.Component, props);
  if (props.root.hydrate) {
    mounted.root = hydrateRoot(mounted.container, element, rootOptions(mounted, props.root.identifierPrefix));
    mounted.hydrated = true;
  } else {
    mounted.root = createRoot(mounted.container, rootOptions(mounted, undefined));
    // The first render is synchronous, in the task that set the widget's props (as the official
    // UI's is): scheduled, it waited for a frame that painted the card empty, its style and layout
    // done twice before Main appeared (bench/RESULTS.md). Later renders are scheduled as usual.
    const root = mounted.root;
    flushSync(() => root.render(element));
  }
}

/** Roots whose element has left the page, their unmount not yet run (see unmount). */
const leaving = new WeakMap<HTMLElement, Mounted>();

// r2wc's React renderer, with the root created lazily: hydrate server markup or render afresh.
const renderer = {
  mount(container: HTMLElement, Component: ComponentType<Props>, props: Props): Mounted {
    // Back on the page before its unmount ran (moved by the host): it keeps its root and state.
    const back = leaving.get(container);
    leaving.delete(container);
    const mounted: Mounted = back ?? { container, Component, latest: props };
    render(mounted, props);
    return mounted;
  },
  update(mounted: Mounted, props: Props): void {
    render(mounted, props);
  },
  unmount(mounted: Mounted): void {
    if (!mounted.root) return;
    // The element leaves the page, most often because a host's React removed it: that React is
    // then in its commit, and unmounting a root synchronously there is an error ("Attempted to
    // synchronously unmount a root while React was already rendering"; issue 52: on every
    // sign-in in the README's `if (user) return …` pattern). So the unmount waits for the
    // current task's microtasks, after any commit, and an element put back before then keeps it.
    leaving.set(mounted.container, mounted);
    queueMicrotask(() => {
      if (leaving.get(mounted.container) !== mounted) return;
      leaving.delete(mounted.container);
      mounted.root?.unmount();
    });
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
  // `root` named with no transform (undefined): r2wc watches it and passes the value as it is.
  registry.define(ROOT_TAG, r2wc<Props, Mounted>(WidgetRoot, { props: { root: undefined } }, renderer));
}

/** The element r2wc defines, as the outer element uses it. */
export type ReactRootElement = HTMLElement & { root?: RootProps };
