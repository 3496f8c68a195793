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
  ) {
    super(`Invalid styles.${path}: ${reason}`);
  }
}

/** A mount function was called with options it cannot use. */
export class InvalidMountCallError extends Error {
  override readonly name = 'InvalidMountCallError';
  constructor(method: string, rule: string, options?: ErrorOptions) {
    super(`Invalid call to ${method}: ${rule}`, options);
  }
}
