/**
 * Google One Tap's part of the string catalog (SPEC §2, §8), exact as SPEC words them. It loads with those
 * screens, so the login element's first load does not carry it.
 */
export const oneTapStrings = {
  oneTapLoading: 'Loading Google One Tap',
  oneTapCouldNotLoad: 'One Tap could not load',
} as const;
