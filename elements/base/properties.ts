/** How a declared property meets its attribute. */
export interface PropertyDeclaration {
  /** The attribute name, or false for a property only (functions, objects with methods). */
  attribute: string | false;
  /** json: the attribute holds JSON; string: taken as is. */
  type: 'json' | 'string';
}

/** Declared properties of an element class, by property name. */
export type PropertyDeclarations = Readonly<Record<string, PropertyDeclaration>>;

/** An attribute whose text is not valid for its property. */
export class InvalidAttributeError extends Error {
  override readonly name = 'InvalidAttributeError';
  constructor(
    readonly attribute: string,
    options?: ErrorOptions,
  ) {
    super(`Invalid value for the ${attribute} attribute: expected JSON`, options);
  }
}

/** Parses an attribute for its property; null (attribute removed) clears the property. */
export function fromAttribute(value: string | null, declaration: PropertyDeclaration, name: string): unknown {
  if (value === null) return undefined;
  if (declaration.type === 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch (cause) {
    throw new InvalidAttributeError(name, { cause });
  }
}
