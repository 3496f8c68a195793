import { dialCode } from '../../client/phone/dial-codes.ts';

/** One entry of the country picker. */
export interface Country {
  region: string;
  dial: string;
  name: string;
}

const cache = new Map<string, Country[]>();

/** Every region with a dialing code, named in the widget's language (Intl), sorted by name in it. */
export function countries(locale?: string): Country[] {
  const key = locale ?? '';
  const hit = cache.get(key);
  if (hit) return hit;
  const names = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region', fallback: 'code' });
  const out: Country[] = [];
  const A = 65;
  for (let i = 0; i < 26; i++) {
    for (let j = 0; j < 26; j++) {
      const region = String.fromCharCode(A + i, A + j);
      const dial = dialCode(region);
      if (dial) out.push({ region, dial, name: names.of(region) ?? region });
    }
  }
  const sorted = out.sort((a, b) => a.name.localeCompare(b.name, locale));
  cache.set(key, sorted);
  return sorted;
}
