import createCache, { type EmotionCache } from '@emotion/cache';
import { createStore } from 'jotai';
import type { ComponentType } from 'react';
import type { AppProps, Mode, WidgetStore } from '../../screens/App.tsx';
import type { WidgetCallbacks, WidgetClient, WidgetEventPayload } from '../../screens/context.ts';
import { transitionCountAtom } from '../../screens/state/atoms.ts';
import { compileTheme, SCOPE_ATTRIBUTE, type StyleConfig } from '../../theme/index.ts';
import type { ReadPresentation } from '../../theme/presentation.ts';
import { InvalidStylesError } from '../errors.ts';
import { StytchErrorEvent, StytchEvent } from '../events.ts';
import { DisposablesController } from './disposables.ts';
import type { PropertyDeclarations } from './properties.ts';
import { defineElement } from './define.ts';
import { defineReactRoot, ROOT_TAG, type ReactRootElement } from './react-root.ts';
import { ReactiveElement } from './reactive-element.ts';
import { EMOTION_IDS_ATTRIBUTE, EMOTION_KEY, markupFingerprint, ROOT_HOST_STYLE, SSR_ATTRIBUTE } from './server-markup.ts';
import { ServerMarkupMismatchError } from '../errors.ts';
import { keepEarlyPresses } from '../../screens/hooks/useEarlyPress.ts';

/** The longest the first render waits for the first screen's code (see `#holdFirstRender`). */
const FIRST_RENDER_WAIT_MS = 1500;

/** The callbacks a host may pass; both optional. */
export interface HostCallbacks {
  onEvent?: (event: WidgetEventPayload) => void;
  onError?: (error: Error) => void;
}

/**
 * What every widget element has: properties in, React out, one store per instance. `C` is the
 * client its product line takes (the B2C client; the B2B element's B2B client).
 */
export abstract class WidgetElement<C = WidgetClient> extends ReactiveElement {
  static override properties: PropertyDeclarations = {
    config: { attribute: 'config', type: 'json' },
    styles: { attribute: 'styles', type: 'json' },
    // Official message ids to ICU messages, over the locale's words (screens/i18n/catalog.ts).
    strings: { attribute: 'strings', type: 'json' },
    callbacks: { attribute: false, type: 'json' },
    client: { attribute: false, type: 'json' },
  };

  /** The tag `define()` uses when none is given. */
  static readonly defaultTag: string;

  /** Registers this element as `tag` in `registry`; already defined is not an error. */
  // `this`: the concrete element class it is called on (this abstract class itself cannot be registered).
  static define(this: CustomElementConstructor & { defaultTag: string }, tag: string = this.defaultTag, registry: CustomElementRegistry = customElements): CustomElementConstructor {
    return defineElement(tag, this, registry);
  }

  declare config: unknown;
  declare styles: StyleConfig | undefined;
  declare strings: Record<string, string> | undefined;
  declare callbacks: HostCallbacks | undefined;
  declare client: C | undefined;

  /** The flow this element starts at. */
  protected abstract readonly mode: Mode;
  /** Listeners and timers of this instance, all ended on disconnect. */
  protected readonly disposables = new DisposablesController(this);
  readonly #store: WidgetStore = createStore();
  // Random, not a counter: two copies of the bundle on one page must not share scope ids.
  #scopeId = Math.random().toString(36).slice(2, 10);
  #root?: ReactRootElement;
  /** Server-rendered markup found at connection, until the first update adopts or drops it. */
  #serverMarkup?: { fingerprint: string; styleHost: HTMLElement };
  /** Light-DOM server markup was removed for a shadow root (createRenderRoot); reported at the first update. */
  #droppedServerMarkup = false;
  #sheet?: HTMLStyleElement;
  #cache?: EmotionCache;
  #reportedStyles = '';
  /** A fresh style tag (each connection makes one) needs the theme whatever changed. */
  #themeStale = true;
  /** Whether this connection's first render still waits for the first screen's code (see update). */
  #firstRender: 'pending' | 'waiting' | 'done' = 'pending';
  // Stable identity, so React does not re-render screens for an unchanged callbacks object.
  protected readonly widgetCallbacks: WidgetCallbacks = {
    onEvent: (event) => {
      try {
        this.callbacks?.onEvent?.(event);
      } finally {
        this.dispatchEvent(new StytchEvent(event));
      }
    },
    onError: (error) => {
      try {
        this.callbacks?.onError?.(error);
      } finally {
        this.dispatchEvent(new StytchErrorEvent(error));
      }
    },
  };

  /** Whether this element renders into a shadow root (fixed at first connection). */
  get usesShadowDOM(): boolean {
    return this.renderRoot instanceof ShadowRoot;
  }

  protected override createRenderRoot(): HTMLElement | ShadowRoot {
    const wanted = (this.config as { enableShadowDOM?: unknown } | undefined)?.enableShadowDOM === true;
    // A declarative shadow root (server markup) is already attached when the element upgrades,
    // and cannot be taken off: the widget renders in it even if the config has changed since.
    if (this.shadowRoot) return this.shadowRoot;
    if (wanted) {
      // Light-DOM server markup under a new shadow root would only hide; it goes.
      if (this.#findServerMarkup(this)) {
        this.replaceChildren();
        this.removeAttribute(SCOPE_ATTRIBUTE);
        this.#droppedServerMarkup = true;
      }
      return this.attachShadow({ mode: 'open' });
    }
    // Light-DOM server markup was scoped by the server: keep its scope id, its sheet uses it.
    const scope = this.getAttribute(SCOPE_ATTRIBUTE);
    if (scope && this.#findServerMarkup(this)) this.#scopeId = scope;
    this.setAttribute(SCOPE_ATTRIBUTE, this.#scopeId);
    return this;
  }

  /** The style host and React root host that stytch-ui/server wrote into `root`, if any. */
  #findServerMarkup(root: HTMLElement | ShadowRoot): { styleHost: HTMLElement; sheet: HTMLStyleElement; mount: ReactRootElement } | undefined {
    const [styleHost, mount] = [...root.children];
    const sheet = styleHost?.firstElementChild;
    if (!(styleHost instanceof HTMLDivElement) || !(sheet instanceof HTMLStyleElement)) return undefined;
    if (mount?.localName !== ROOT_TAG || !mount.hasAttribute(SSR_ATTRIBUTE)) return undefined;
    return { styleHost, sheet, mount: mount as ReactRootElement };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const root = this.renderRoot!;
    // The element's nonce (attribute or property) reaches every style tag we or Emotion add.
    const nonce = this.nonce || undefined;
    const server = this.#findServerMarkup(root);
    let sheet: HTMLStyleElement;
    let styleHost: HTMLElement;
    let mount: ReactRootElement;
    if (server) {
      // Adopted as is: the first update hydrates it, or drops it if it shows another widget.
      ({ sheet, styleHost, mount } = server);
      this.#serverMarkup = { fingerprint: mount.getAttribute(SSR_ATTRIBUTE) ?? '', styleHost };
      // A press on the markup from now until it hydrates is sent once it has.
      this.disposables.add(keepEarlyPresses(root));
    } else {
      sheet = document.createElement('style');
      mount = document.createElement(ROOT_TAG) as ReactRootElement;
      // One column, at least as wide as the content and at most the configured width: the widget
      // is that width where the host has room, yet its min-content stays its content's, so a
      // narrow grid or flex column of the host page shrinks it instead of overflowing the page.
      // Inline, so host-page rules for the element (`stytch-ui { display: block }`) cannot undo it.
      Object.assign(mount.style, ROOT_HOST_STYLE);
      styleHost = document.createElement('div');
      if (nonce) sheet.nonce = nonce;
      styleHost.hidden = true;
      styleHost.append(sheet);
      root.replaceChildren(styleHost, mount);
    }
    defineReactRoot();
    this.#sheet = sheet;
    this.#themeStale = true;
    this.#firstRender = 'pending';
    this.#cache = createCache({ key: EMOTION_KEY, container: styleHost, ...(nonce ? { nonce } : {}) });
    this.#root = mount;
    // A double-click on a button that changes the screen lands its second press on whatever the
    // next screen (or the page, where the widget shrank) has under the pointer, and selects
    // that text. A multi-click that began in this widget before the last screen change selects
    // nothing; clicks that begin and end on one screen select as usual.
    let clickStartedOn: number | undefined;
    const guard = (e: Event) => {
      const screen = this.#store.get(transitionCountAtom);
      const { detail } = e as MouseEvent;
      if (detail <= 1) clickStartedOn = e.composedPath().includes(this) ? screen : undefined;
      else if (clickStartedOn !== undefined && clickStartedOn !== screen) e.preventDefault();
    };
    document.addEventListener('mousedown', guard, { capture: true });
    this.disposables.add(() => document.removeEventListener('mousedown', guard, { capture: true }));
    this.disposables.add(() => {
      // Removing r2wc's element unmounts the React tree synchronously.
      this.#root = undefined;
      this.#cache = undefined;
      this.#sheet = undefined;
      this.#serverMarkup = undefined;
      root.replaceChildren();
    });
  }

  protected override attributeError(error: Error): void {
    this.widgetCallbacks.onError(error);
  }

  protected override update(changed: ReadonlySet<string>): void {
    if (!this.#root || !this.#sheet || !this.#cache) return;
    // What the first screen shows for this config starts downloading now, before React's first
    // render rather than after it (no second wave on the way to Main). Idempotent and cheap:
    // the resolved config is cached for App, and each block loads once.
    const loading = this.preload();
    const look = this.officialLook();
    // The presentation's options (header text, logo) are style options; the styles prop wins.
    const styles = look ? { ...look.styles, ...this.styles } : (this.styles ?? {});
    // The theme is compiled only when the styles change: config, client and token updates skip it.
    if (this.#themeStale || changed.has('styles') || changed.has('presentation')) {
      this.#themeStale = false;
      const scope = this.usesShadowDOM ? ({ kind: 'shadow' } as const) : ({ kind: 'light', scopeId: this.#scopeId } as const);
      const compiled = compileTheme(styles, scope, look?.look);
      if (this.#sheet.textContent !== compiled.css) this.#sheet.textContent = compiled.css;
      const issues = [...compiled.issues, ...(look?.issues ?? [])];
      const key = issues.map((i) => `${i.field}:${i.path}`).join();
      if (key !== this.#reportedStyles) {
        this.#reportedStyles = key;
        for (const issue of issues) this.widgetCallbacks.onError(new InvalidStylesError(issue.path, issue.message, issue.field));
      }
    }
    if (this.#holdFirstRender(loading)) return;
    this.#root.root = {
      cache: this.#cache,
      component: this.rootComponent(),
      ...(this.#adoptServerMarkup() ? { hydrate: true, identifierPrefix: this.usesShadowDOM ? undefined : `${this.#scopeId}:` } : {}),
      app: {
        mode: this.mode,
        store: this.#store,
        config: this.config,
        styles,
        callbacks: this.widgetCallbacks,
        client: this.client,
        strings: this.strings,
        // The locale when the config names none: the element's language (its own `lang` or the
        // nearest ancestor's), else the page's `<html lang>`.
        lang: (this.closest('[lang]') as HTMLElement | null)?.lang || document.documentElement.lang || undefined,
        ...this.flowProps(),
      },
    };
  }

  /**
   * Whether the first render of this connection waits for the first screen's code still on
   * its way (Main's blocks for this config, a flow's root). Rendered before it, Main would
   * commit its Suspense fallback, and React 19 holds the reveal of a boundary's content until
   * 300 ms after its fallback committed: the card would wait those 300 ms however soon the
   * code arrived. Held, the card appears whole once the code is in, at most
   * FIRST_RENDER_WAIT_MS later (then it renders as before, the late blocks suspending). Server
   * markup is hydrated at once: it is on screen already, and hydration keeps it while it waits.
   */
  #holdFirstRender(loading: Promise<void> | undefined): boolean {
    if (this.#firstRender === 'done') return false;
    if (!loading || this.#serverMarkup || this.#firstRender === 'waiting') {
      if (this.#firstRender === 'pending') this.#firstRender = 'done';
      return this.#firstRender === 'waiting';
    }
    this.#firstRender = 'waiting';
    const root = this.#root;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void Promise.race([loading, new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_RENDER_WAIT_MS)))]).then(() => {
      clearTimeout(timer);
      // Disconnected meanwhile: the next connection starts over.
      if (this.#root !== root || this.#firstRender !== 'waiting') return;
      this.#firstRender = 'done';
      this.requestUpdate();
    });
    return true;
  }

  /**
   * At the first update after connecting to server markup: hydrate it when it was rendered
   * from this element's mode, config and styles (its Emotion rules marked as present, so none is
   * inserted twice); otherwise drop it, say so through onError, and render afresh.
   */
  #adoptServerMarkup(): boolean {
    if (this.#droppedServerMarkup) {
      this.#droppedServerMarkup = false;
      this.widgetCallbacks.onError(new ServerMarkupMismatchError(this.localName));
    }
    const server = this.#serverMarkup;
    if (!server || !this.#root || !this.#cache) return false;
    this.#serverMarkup = undefined;
    const emotionTags = [...server.styleHost.querySelectorAll(`style[${EMOTION_IDS_ATTRIBUTE}]`)];
    if (server.fingerprint === markupFingerprint(this.mode, this.config, this.styles ?? {})) {
      for (const tag of emotionTags) {
        for (const id of (tag.getAttribute(EMOTION_IDS_ATTRIBUTE) ?? '').split(' ')) if (id) this.#cache.inserted[id] = true;
      }
      return true;
    }
    for (const tag of emotionTags) tag.remove();
    this.#root.removeAttribute(SSR_ATTRIBUTE);
    this.#root.replaceChildren();
    this.widgetCallbacks.onError(new ServerMarkupMismatchError(this.localName));
    return false;
  }

  /**
   * The official 6.x `presentation` this element is drawn with, read (stytch-ui/compat's
   * elements have one, a property named `presentation`); ours have none and keep our look.
   */
  protected officialLook(): ReadPresentation | undefined {
    return undefined;
  }

  /** Starts loading what the first screen shows for this config, before React renders it; what is still loading. */
  protected abstract preload(): Promise<void> | undefined;

  /** The React component at the tree's root (the B2C App, or the B2B one). */
  protected abstract rootComponent(): ComponentType<AppProps>;

  /** What a subclass adds to its flow's props (the reset element: its token); read at every update. */
  protected flowProps(): Partial<Pick<AppProps, 'passwordResetToken' | 'passwordResetTokenType' | 'idp'>> {
    return {};
  }
}
