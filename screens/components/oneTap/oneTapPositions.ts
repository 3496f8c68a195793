/** One Tap positions of SPEC §2. */
export const ONE_TAP_POSITIONS = ['embedded', 'floating', 'embeddedOnly', 'floatingOrEmbedded', 'forceLegacyEmbedded'] as const;
export type OneTapPosition = (typeof ONE_TAP_POSITIONS)[number];

/** SPEC §2: the embedded container starts at this height, then follows Google's prompt. */
export const ONE_TAP_EMBEDDED_HEIGHT = 47;
/** SPEC §9: the container takes a new prompt height once it has held this long. */
export const RESIZE_DEBOUNCE_MS = 100;

/**
 * Where the prompt goes. Browsers with FedCM show Google's prompt in their own UI, so an
 * embedded request becomes floating there, except `forceLegacyEmbedded`; `embeddedOnly`
 * then shows no prompt at all. Positions default to floating.
 */
export function oneTapMode(position: string | undefined, fedcm: boolean): 'embedded' | 'floating' | 'none' {
  if (position === 'forceLegacyEmbedded') return 'embedded';
  const embedded = position === 'embedded' || position === 'embeddedOnly' || position === 'floatingOrEmbedded';
  if (embedded && !fedcm) return 'embedded';
  return position === 'embeddedOnly' ? 'none' : 'floating';
}
