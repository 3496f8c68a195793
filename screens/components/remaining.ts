/** Times left, as the countdowns show them. */

/** m:ss of a duration in ms, rounded up so 0:00 shows only at expiry; digits in the locale's numerals. */
export function formatRemaining(ms: number, number: (n: number, options?: Intl.NumberFormatOptions) => string = String): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${number(Math.floor(s / 60))}:${number(s % 60, { minimumIntegerDigits: 2 })}`;
}

/** A time (m:ss) isolated left to right inside right-to-left text, so 4:59 never reads 59:4. */
export function ltr(text: string, dir: 'ltr' | 'rtl'): string {
  return dir === 'rtl' ? `\u2066${text}\u2069` : text;
}
