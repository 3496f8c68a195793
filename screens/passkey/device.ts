import type { PasskeyStrings } from './strings.ts';

/** 'Desktop device', 'Mobile device' or 'Unknown device' from the registering browser's user agent. */
export function deviceLabel(userAgent: string, s: PasskeyStrings): string {
  if (!userAgent.trim()) return s.unknownDevice;
  if (/Mobi|Android|iPhone|iPad|iPod/i.test(userAgent)) return s.mobile;
  if (/Windows|Macintosh|Mac OS X|X11|Linux|CrOS/i.test(userAgent)) return s.desktop;
  return s.unknownDevice;
}
