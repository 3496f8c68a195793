import { useEffect, useRef } from 'react';
import { englishWords } from '../i18n/words.ts';
import { stringsOf, type MainId } from '../i18n/useStrings.ts';
import { useStrings, type Strings } from '../context.ts';

type ConfigMessages = { passkeysAlone: string; emlWithEmailOtp: string; invalid: (detail: string) => string };
// One English object, so resolveConfig's cache (keyed by config and messages) hits when the
// element's preload and App's render resolve the same config.
let english: ConfigMessages | undefined;

/** The texts of the login line's config rules (SPEC §1), in the widget's words (English by default). */
export function configMessages(t?: Strings<MainId>): ConfigMessages {
  if (!t) return (english ??= configMessages(stringsOf(englishWords)));
  return {
    passkeysAlone: t('config.error.passkeysAlone'),
    emlWithEmailOtp: t('config.error.emlWithEmailOtp'),
    invalid: (detail: string) => t('config.error.invalid', { detail }),
  };
}

type Resolve = (config: unknown, t?: Strings<MainId>) => { ok: true } | { ok: false; message: string };

/**
 * The config-rule error shown instead of the first screen, in the widget's words; announced to
 * screen readers, and handed to `report` (once per text) where the line reports it.
 */
export function ConfigError({ config, resolve, report }: { config: unknown; resolve: Resolve; report?: ((error: Error) => void) | undefined }) {
  const t = useStrings();
  const result = resolve(config, t);
  const message = result.ok ? '' : result.message;
  const reported = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!report || !message || reported.current === message) return;
    reported.current = message;
    report(new Error(message));
  }, [report, message]);
  return (
    <div part="container">
      <p part="error" role="alert">
        {message}
      </p>
    </div>
  );
}
