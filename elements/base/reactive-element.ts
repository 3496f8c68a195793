import type { ReactiveController, ReactiveControllerHost } from './controller.ts';
import { fromAttribute, type PropertyDeclarations } from './properties.ts';

const finalized = new WeakSet<object>();

/**
 * Lit-style base: declared properties with attribute twins, one batched update per
 * microtask, and controllers for everything bound to connection. Renderers override
 * `createRenderRoot`, `update` and `disconnectedCallback`.
 */
export abstract class ReactiveElement extends HTMLElement implements ReactiveControllerHost {
  static properties: PropertyDeclarations = {};

  static get observedAttributes(): string[] {
    this.finalize();
    return Object.values(this.properties).flatMap((d) => (d.attribute ? [d.attribute] : []));
  }

  /** Installs an accessor per declared property, once per class. */
  protected static finalize(): void {
    if (finalized.has(this)) return;
    finalized.add(this);
    for (const name of Object.keys(this.properties)) {
      Object.defineProperty(this.prototype, name, {
        configurable: true,
        enumerable: true,
        get(this: ReactiveElement) {
          return this.#values.get(name);
        },
        set(this: ReactiveElement, value: unknown) {
          if (this.#values.get(name) === value) return;
          this.#values.set(name, value);
          this.#changed.add(name);
          this.requestUpdate();
        },
      });
    }
  }

  readonly #values = new Map<string, unknown>();
  readonly #controllers = new Set<ReactiveController>();
  /** The properties set since the last update. */
  #changed = new Set<string>();
  #updatePending = false;
  #updateComplete: Promise<boolean> = Promise.resolve(true);
  /** Where rendering happens: a shadow root or the element itself. */
  protected renderRoot?: HTMLElement | ShadowRoot;

  constructor() {
    super();
    const ctor = this.constructor as typeof ReactiveElement;
    ctor.finalize();
    // A property set before the class was defined shadows the accessor; move it behind it.
    for (const name of Object.keys(ctor.properties)) {
      if (Object.hasOwn(this, name)) {
        const value: unknown = Reflect.get(this, name);
        Reflect.deleteProperty(this, name);
        Reflect.set(this, name, value);
      }
    }
  }

  /** Resolves after the pending update ran. */
  get updateComplete(): Promise<boolean> {
    return this.#updateComplete;
  }

  addController(controller: ReactiveController): void {
    this.#controllers.add(controller);
    if (this.isConnected) controller.hostConnected?.();
  }

  removeController(controller: ReactiveController): void {
    this.#controllers.delete(controller);
  }

  /** Schedules one update for this microtask, however many properties change. */
  requestUpdate(): void {
    if (this.#updatePending) return;
    this.#updatePending = true;
    this.#updateComplete = new Promise((resolve) =>
      queueMicrotask(() => {
        this.#updatePending = false;
        this.performUpdate();
        resolve(true);
      }),
    );
  }

  /** Runs the pending update now, with the properties changed since the last one. */
  protected performUpdate(): void {
    if (!this.isConnected || !this.renderRoot) return;
    const changed = this.#changed;
    this.#changed = new Set();
    this.update(changed);
  }

  connectedCallback(): void {
    this.renderRoot ??= this.createRenderRoot();
    for (const c of this.#controllers) c.hostConnected?.();
    this.requestUpdate();
  }

  disconnectedCallback(): void {
    for (const c of this.#controllers) c.hostDisconnected?.();
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    const ctor = this.constructor as typeof ReactiveElement;
    const entry = Object.entries(ctor.properties).find(([, d]) => d.attribute === name);
    if (!entry) return;
    try {
      Reflect.set(this, entry[0], fromAttribute(value, entry[1], name));
    } catch (error) {
      this.attributeError(error as Error);
    }
  }

  /** Where an attribute that cannot be parsed is reported; the property keeps its value. */
  protected abstract attributeError(error: Error): void;

  protected createRenderRoot(): HTMLElement | ShadowRoot {
    return this;
  }

  /** Renders the current properties into the render root; `changed` names those set since the last update. */
  protected abstract update(changed: ReadonlySet<string>): void;
}
