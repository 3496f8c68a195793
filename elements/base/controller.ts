/** Lifecycle-bound behaviour attached to an element; every setup has its teardown here. */
export interface ReactiveController {
  hostConnected?(): void;
  hostDisconnected?(): void;
}

/** What a controller may ask of the element that hosts it. */
export interface ReactiveControllerHost {
  addController(controller: ReactiveController): void;
  removeController(controller: ReactiveController): void;
  requestUpdate(): void;
}
