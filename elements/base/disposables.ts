import type { ReactiveController, ReactiveControllerHost } from './controller.ts';

/** Teardowns that run when the host disconnects, so nothing of the element outlives it. */
export class DisposablesController implements ReactiveController {
  readonly #disposers = new Set<() => void>();

  constructor(host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Adds a teardown to run on disconnect. */
  add(dispose: () => void): void {
    this.#disposers.add(dispose);
  }

  hostDisconnected(): void {
    // Each teardown runs once, even if an earlier one throws; the first error is rethrown after.
    const all = [...this.#disposers];
    this.#disposers.clear();
    let failure: { error: unknown } | undefined;
    for (const dispose of all) {
      try {
        dispose();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  }
}
