import { appOf, type LineConfigResult, type LineRootProps, type ProductLine } from '../App.tsx';
import { ToastedCard } from '../components/ToastedCard.tsx';
import { idpWords } from '../i18n/idp.ts';
import { idpMessages } from '../i18n/en/idp.ts';
import { IdpFlow } from './IdpFlow.tsx';
import type { IdpConfig } from './widget.ts';

/** The consent element takes no config; an object's `locale` (read by the shell) is all it may carry. */
function resolveIdpConfig(config: unknown): LineConfigResult<IdpConfig> {
  if (config !== undefined && config !== null && typeof config !== 'object') return { ok: false, message: 'Error: Invalid config: expected an object' };
  const countdown = (config as { rateLimitCountdown?: unknown } | null | undefined)?.rateLimitCountdown;
  return { ok: true, value: { rateLimitCountdown: countdown !== false } };
}

/** The consent elements' root: the request's flow inside the widget's card. */
function IdpRoot({ idp }: LineRootProps) {
  return (
    <ToastedCard>
      <IdpFlow options={idp ?? {}} />
    </ToastedCard>
  );
}

/** `<stytch-identity-provider>`'s product line (both product lines' consent elements): no config, its own words, the shell's rest. */
export const idpLine: ProductLine<IdpConfig> = {
  name: 'idp',
  resolve: resolveIdpConfig,
  screens: {},
  Root: IdpRoot,
  messages: idpMessages,
  genericErrorId: 'errors.generic',
  reportsConfigErrors: true,
  words: idpWords,
};

/** Root of one consent element. */
export const IdpApp = appOf(idpLine);
