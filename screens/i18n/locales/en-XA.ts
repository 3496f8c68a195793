import type { Messages } from '../catalog.ts';

/*
 * en-XA, the pseudo-locale: every English message with its letters accented and 40% more
 * length, made here from the English catalog (so it never falls behind it). Tests render
 * every screen in it: any plain English left is text that bypasses the catalog, and any
 * clipped line is a layout that cannot take a longer language.
 */

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};
// Parameters and tags stay as they are; only the text between them changes.
const TOKEN = /(\{\w+\}|<\/?\w+>)/;

/** One message in en-XA: accented, padded by 40% of its text's length, in brackets. */
export function pseudo(message: string): string {
  let letters = 0;
  const body = message
    .split(TOKEN)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      letters += part.length;
      return part.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c);
    })
    .join('');
  const extra = Math.ceil(letters * 0.4);
  // Word-sized groups, so the longer text wraps as a longer sentence would.
  const pad = Array.from({ length: Math.ceil(extra / 6) }, (_, i) => 'ẋẋẋẋẋẋ'.slice(0, Math.min(6, extra - i * 6))).join(' ');
  return `[${body}${pad ? ` ${pad}` : ''}]`;
}

/**
 * The en-XA catalog from an English one, under the same ids (the loader passes it: this chunk
 * imports no English of its own); the B2B element's en-XA is this over the B2B English.
 */
export default function pseudoLocale(english: Messages): Messages {
  return Object.fromEntries(Object.entries(english).map(([id, text]) => [id, pseudo(text)]));
}
