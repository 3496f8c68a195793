/** What `onEvent` receives and what a `stytch-event` carries. */
export interface StytchEventDetail {
  type: string;
  data: unknown;
}

/** Fired on the element for every widget event; bubbles out of the shadow root. */
export class StytchEvent extends Event {
  static readonly type = 'stytch-event';
  constructor(readonly detail: StytchEventDetail) {
    super(StytchEvent.type, { bubbles: true, composed: true });
  }

  /** The event type under the official event's name. */
  get stytchEventType(): string {
    return this.detail.type;
  }

  /** The event data under the official event's name. */
  get stytchEventData(): unknown {
    return this.detail.data;
  }
}

/** Fired on the element for every error the widget reports; bubbles out of the shadow root. */
export class StytchErrorEvent extends Event {
  static readonly type = 'stytch-error';
  constructor(readonly error: Error) {
    super(StytchErrorEvent.type, { bubbles: true, composed: true });
  }

  /** The error, under the name CustomEvent listeners expect. */
  get detail(): Error {
    return this.error;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'stytch-event': StytchEvent;
    'stytch-error': StytchErrorEvent;
  }
}
