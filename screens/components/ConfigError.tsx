import { resolveConfig } from '../config/resolve.ts';
import { englishWords } from '../i18n/words.ts';
import { stringsOf, type MainId } from '../i18n/useStrings.ts';
import { useStrings, type Strings } from '../context.ts';

type ConfigMessages = { passkeysAlone: string; emlWithEmailOtp: string; invalid: (detail: string) => string };
// One English object, so resolveConfig's cache (keyed by config and messages) hits when the
// element's preload and App's render resolve the same config.
let english: ConfigMessages | undefined;

/** The texts of the config rules (SPEC §1), in the widget's words (English by default). */
export function configMessages(t?: Strings<MainId>): ConfigMessages {
  if (!t) return (english ??= configMessages(stringsOf(englishWords)));
  return {
    passkeysAlone: t('config.error.passkeysAlone'),
    emlWithEmailOtp: t('config.error.emlWithEmailOtp'),
    invalid: (detail: string) => t('config.error.invalid', { detail }),
  };
}

/** The config-rule error shown instead of the first screen, in the widget's words; announced to screen readers. */
export function ConfigError({ config }: { config: unknown }) {
  const t = useStrings();
  const result = resolveConfig(config, configMessages(t));
  return (
    <div part="container">
      <p part="error" role="alert">
        {result.ok ? '' : result.message}
      </p>
    </div>
  );
}
