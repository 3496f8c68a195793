import { useMemo } from 'react';
import type { BootstrapData } from '../../../client/core/bootstrap.ts';
import { useAnyWidget, useStrings } from '../../context.ts';
import { ErrorText } from '../ErrorText.tsx';
import type { Strength } from './useStrengthCheck.ts';
import { zxcvbnSuggestionId, zxcvbnWarningId } from './zxcvbnWarnings.ts';
import type { Messages } from '../../i18n/catalog.ts';
import { passwordMessages } from '../../i18n/en/password.ts';

const RED = 'var(--stytch-colors-error)';
const GREEN = 'var(--stytch-colors-success)';

/** SPEC §5 meter: score 0-1 fills one red segment, 2 two red, 3 three green, 4 four green. */
export function meterSegments(score: number): { filled: number; color: 'red' | 'green' } {
  const s = Math.max(0, Math.min(4, Math.round(score)));
  return { filled: Math.max(1, s), color: s >= 3 ? 'green' : 'red' };
}

function Meter({ score }: { score: number }) {
  const t = useStrings(passwordMessages);
  const { filled, color } = meterSegments(score);
  return (
    <div
      part="strength-meter"
      role="meter"
      aria-label={t('password.strength.label')}
      aria-valuemin={0}
      aria-valuemax={4}
      aria-valuenow={score}
      aria-valuetext={t('password.strength.valueText', { score })}
      css={{ display: 'flex', gap: 4 }}
    >
      {[0, 1, 2, 3].map((i) => (
        <span
          key={i}
          part={i < filled ? 'strength-segment strength-segment-filled' : 'strength-segment'}
          data-color={i < filled ? color : undefined}
          css={{ flex: 1, height: 6, borderRadius: 3, background: i < filled ? (color === 'green' ? GREEN : RED) : 'var(--stytch-colors-secondary)', opacity: i < filled ? 1 : 0.3 }}
        />
      ))}
    </div>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The verdict in words once the provider accepts the password, with the same check as a met requirement. */
function Accepted() {
  const t = useStrings(passwordMessages);
  return (
    <p part="helper strength-accepted" css={{ margin: 0, color: GREEN }}>
      <span aria-hidden="true">✓ </span>
      {t('password.strength.accepted')}
    </p>
  );
}

function Suggestions({ said, say, locale }: { said: string[]; say: (id: string) => string; locale: string }) {
  const shown = [...new Set(said)].flatMap((s) => {
    const id = zxcvbnSuggestionId(s);
    return id ? [say(id)] : locale === 'en' ? [s] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul part="strength-suggestions" css={{ margin: 0, paddingInlineStart: 20 }}>
      {shown.map((text) => (
        <li key={text} part="helper strength-suggestion">
          {text}
        </li>
      ))}
    </ul>
  );
}

function Requirement({ met, text }: { met: boolean; text: string }) {
  const t = useStrings(passwordMessages);
  return (
    <li part={met ? 'requirement requirement-met' : 'requirement'} css={{ color: met ? GREEN : RED }}>
      <span css={visuallyHidden}>{met ? t('password.requirement.fulfilled') : t('password.requirement.notFulfilled')} </span>
      <span aria-hidden="true">{met ? '✓ ' : '✗ '}</span>
      {text}
    </li>
  );
}

/**
 * The strength feedback under a new-password field (SPEC §5): zxcvbn's meter and warning,
 * or the LUDS requirements; the breach message for either; nothing for policy none.
 */
export function StrengthIndicator({ strength, id, suggestions = false, words }: { strength: Strength; id?: string; suggestions?: boolean; words?: Messages }) {
  // One live region that stays put while its content changes, so each verdict is announced.
  return (
    <div id={id} aria-live="polite">
      <Verdict strength={strength} suggestions={suggestions} words={words ?? passwordMessages} />
    </div>
  );
}

/**
 * `words`: the English the texts fall back to (the B2B element's catalog, with the suggestions').
 * `suggestions`: zxcvbn's suggestions under its warning, as the official B2B UI lists them (the
 * B2B element); a known one in the widget's language, an unknown one in English only.
 */
function Verdict({ strength, suggestions, words }: { strength: Strength; suggestions: boolean; words: Messages }) {
  const t = useStrings(words as typeof passwordMessages);
  const say = t as (id: string) => string;
  // Either line's client: both carry the project's bootstrap.
  const { client } = useAnyWidget() as { client?: { bootstrap: { getSync(): BootstrapData } } | undefined };
  const luds = useMemo(() => client?.bootstrap.getSync().password_config, [client]);
  const { result, error } = strength;
  if (error) return <ErrorText message={error} />;
  const policy: string | undefined = result?.strength_policy;
  if (!result || (policy !== 'zxcvbn' && policy !== 'luds')) return null;
  const req = result.feedback.luds_requirements;
  // zxcvbn's warning comes in English: a known one is said from the catalog in the widget's
  // language; one we do not know is shown as sent in English only, never as English in another language.
  const said = result.feedback.warning;
  const warningId = said ? zxcvbnWarningId(said) : undefined;
  const warning = warningId ? t(warningId) : t.locale === 'en' ? said : undefined;
  // The bootstrap carries the project's LUDS numbers; without it, the answer still implies them.
  const present = [req.has_digit, req.has_lower_case, req.has_symbol, req.has_upper_case].filter(Boolean).length;
  const minLength = luds?.luds_minimum_count || [...strength.password].length + req.missing_characters;
  const complexity = luds?.luds_complexity || present + req.missing_complexity;
  return (
    <div part="strength" css={{ display: 'flex', flexDirection: 'column', gap: 6, fontSize: 14 }}>
      {policy === 'zxcvbn' ? (
        <>
          <Meter score={result.score} />
          {warning ? (
            <p part="helper strength-warning" css={{ margin: 0 }}>
              {warning}
            </p>
          ) : null}
          {suggestions ? <Suggestions said={result.feedback.suggestions} say={say} locale={t.locale} /> : null}
          {result.valid_password ? <Accepted /> : null}
        </>
      ) : (
        <>
          {result.valid_password ? <Accepted /> : <p css={visuallyHidden}>{t('password.strength.requirementsNotMet')}</p>}
          <ul css={{ listStyle: 'none', margin: 0, padding: 0, position: 'relative' }}>
            <Requirement met={req.missing_characters === 0} text={t('password.strengthError.minimumLength', { characterLength: minLength })} />
            <Requirement met={req.missing_complexity === 0} text={t('password.strengthError.complexity', { complexity })} />
          </ul>
        </>
      )}
      {result.breached_password ? (
        <p part="error strength-breached" css={{ margin: 0, color: RED }}>
          {t('password.strengthError.breached')}
        </p>
      ) : null}
    </div>
  );
}
