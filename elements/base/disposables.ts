import type { ReactiveController, ReactiveControllerHost } from './controller.ts';

/** The timer functions a widget uses; tests pass their own. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Listeners and timers that end when the host disconnects, so nothing outlives the element. */
export class DisposablesController implements ReactiveController {
  readonly #disposers = new Set<() => void>();
  readonly #timers: Timers;

  constructor(host: ReactiveControllerHost, timers: Timers = globalTimers) {
    this.#timers = timers;
    host.addController(this);
  }

  /** Adds a listener that is removed on disconnect; returns its own remover. */
  listen<K extends keyof WindowEventMap>(target: Window, type: K, fn: (e: WindowEventMap[K]) => void, options?: AddEventListenerOptions): () => void;
  listen(target: EventTarget, type: string, fn: (e: Event) => void, options?: AddEventListenerOptions): () => void;
  listen(target: EventTarget, type: string, fn: (e: Event) => void, options?: AddEventListenerOptions): () => void {
    target.addEventListener(type, fn, options);
    return this.#track(() => target.removeEventListener(type, fn, options));
  }

  /** A timeout cleared on disconnect; returns its canceller. */
  timeout(fn: () => void, ms: number): () => void {
    let cancel = () => {};
    const handle = this.#timers.setTimeout(() => {
      this.#disposers.delete(cancel);
      fn();
    }, ms);
    cancel = this.#track(() => this.#timers.clearTimeout(handle));
    return cancel;
  }

  /** Any other teardown to run on disconnect. */
  add(dispose: () => void): () => void {
    return this.#track(dispose);
  }

  /** How many listeners, timers and teardowns are live. */
  get size(): number {
    return this.#disposers.size;
  }

  hostDisconnected(): void {
    // Each teardown runs even if an earlier one throws; the first error is rethrown after.
    let failure: { error: unknown } | undefined;
    for (const dispose of [...this.#disposers]) {
      try {
        dispose();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  }

  #track(dispose: () => void): () => void {
    const once = () => {
      if (this.#disposers.delete(once)) dispose();
    };
    this.#disposers.add(once);
    return once;
  }
}
