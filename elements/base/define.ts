/**
 * Defines `tag` as `ctor` in `registry`. An already-defined tag is not an error (a page may
 * load the widget twice); the registered class is returned.
 */
export function defineElement(tag: string, ctor: CustomElementConstructor, registry: CustomElementRegistry): CustomElementConstructor {
  const existing = registry.get(tag);
  if (existing) return existing;
  // One constructor may back only one tag per registry, so a second tag gets a subclass.
  const own = registry.getName(ctor) ? class extends (ctor as typeof HTMLElement) {} : ctor;
  registry.define(tag, own);
  return own;
}
