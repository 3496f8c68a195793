import { resolveConfig } from '../config/resolve.ts';
import { englishWords } from '../i18n/words.ts';
import { stringsOf, type MainId } from '../i18n/useStrings.ts';
import { useStrings, type Strings } from '../context.ts';

/** The texts of the config rules (SPEC §1), in the widget's words (English by default). */
export function configMessages(t: Strings<MainId> = stringsOf(englishWords)) {
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
