/** mount* was given a selector that matches nothing (SPEC §8). */
export class MountTargetNotFoundError extends Error {
  override readonly name = 'MountTargetNotFoundError';
  constructor(
    readonly selector: string,
    method: string,
  ) {
    super(`The selector you specified (${selector}) applies to no DOM elements that are currently on the page. Make sure the element exists on the page before calling ${method}().`);
  }
}

/** A styles value was refused; the widget keeps the default for it. */
export class InvalidStylesError extends Error {
  override readonly name = 'InvalidStylesError';
  constructor(
    readonly path: string,
    reason: string,
    /** Which prop holds the value: `styles`, or stytch-ui/compat's `presentation`. */
    readonly field: 'styles' | 'presentation' = 'styles',
  ) {
    super(`Invalid ${[field, path].filter(Boolean).join('.')}: ${reason}`);
  }
}

/** A mount function was called with options it cannot use. */
export class InvalidMountCallError extends Error {
  override readonly name = 'InvalidMountCallError';
  constructor(method: string, rule: string, options?: ErrorOptions) {
    super(`Invalid call to ${method}: ${rule}`, options);
  }
}

/**
 * Server-rendered markup inside the element was rendered from another mode, config or styles
 * than the element has: it was dropped and the widget rendered afresh (no crash, one report).
 */
export class ServerMarkupMismatchError extends Error {
  override readonly name = 'ServerMarkupMismatchError';
  constructor(tag: string) {
    super(`The server markup inside <${tag}> was rendered from another config or styles; the widget rendered afresh`);
  }
}

/** stytch-ui/server was given a config the widget refuses; the message is the one the widget shows (SPEC §1). */
export class InvalidConfigError extends Error {
  override readonly name = 'InvalidConfigError';
}
