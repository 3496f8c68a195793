/** 'Desktop device', 'Mobile device' or 'Unknown device' from the registering browser's user agent. */
export function deviceLabel(userAgent: string, t: (id: 'passkey.device.desktop' | 'passkey.device.mobile' | 'passkey.device.unknown') => string): string {
  if (!userAgent.trim()) return t('passkey.device.unknown');
  if (/Mobi|Android|iPhone|iPad|iPod/i.test(userAgent)) return t('passkey.device.mobile');
  if (/Windows|Macintosh|Mac OS X|X11|Linux|CrOS/i.test(userAgent)) return t('passkey.device.desktop');
  return t('passkey.device.unknown');
}
