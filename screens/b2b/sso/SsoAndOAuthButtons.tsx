import { useAtomValue } from 'jotai';
import { memo, Suspense, type ReactNode } from 'react';
import { Divider } from '../../components/Divider.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useAction } from '../../hooks/useAction.ts';
import { useGo } from '../../hooks/useGo.ts';
import type { B2BProduct } from '../config.ts';
import { B2BGoogleOneTap, OAuthButton, shownProviders, startSettings, useOAuthStart } from '../oauth/blocks.ts';
import { primaryRequiredAtom } from '../state.ts';
import { useB2B, useB2BStrings } from '../widget.ts';
import { activeConnections } from './connections.ts';
import { LastUsed, lastUsedFirst, useLastUsed } from './lastUsed.tsx';
import { SsoButton } from './SsoButton.tsx';
import { useSsoStart } from './useSsoStart.ts';

const FORM_PRODUCTS: readonly B2BProduct[] = ['emailMagicLinks', 'emailOtp', 'passwords'];
const BUTTON_PRODUCTS: readonly B2BProduct[] = ['oauth', 'sso'];

/** The organization Main signs in to, as far as the buttons read it. */
export type ButtonsOrganization = { organization_id: string } & Record<string, unknown>;

/**
 * Main's SSO and OAuth buttons (the official `SsoAndOAuthButtons`), one column in the order of
 * `products`: above the email/password form when a button product comes first in `products`,
 * else below it, with the 'or' line between. With an organization (the Organization flow, or
 * one that asked for another primary factor): its active SSO connections and the providers'
 * organization starts, limited to the methods it allows; without one (Discovery): 'Use single
 * sign-on' (SSO Discovery) and the providers' discovery starts. A Main screen renders this
 * twice, `place="above"` before its form and `place="below"` after; one of them draws.
 * Memoized: the screen holds what is typed into its form, and a keystroke need not redraw these.
 */
export const SsoAndOAuthButtons = memo(function SsoAndOAuthButtons({ place, organization }: { place: 'above' | 'below'; organization?: ButtonsOrganization | undefined }) {
  const t = useB2BStrings();
  const { config } = useB2B();
  const go = useGo();
  const required = useAtomValue(primaryRequiredAtom);
  const { busy, error, run } = useAction();
  const startOAuth = useOAuthStart(organization?.organization_id);
  const startSso = useSsoStart();
  const [lastUsed, rememberLastUsed] = useLastUsed();

  const products: readonly string[] = required?.products ?? config.products;
  const restricted =
    required?.allowedAuthMethods ?? (organization?.auth_methods === 'RESTRICTED' && Array.isArray(organization.allowed_auth_methods) ? (organization.allowed_auth_methods as string[]) : undefined);
  const firstShown = config.products.find((p) => products.includes(p) && (FORM_PRODUCTS.includes(p) || BUTTON_PRODUCTS.includes(p)));
  const where = firstShown && BUTTON_PRODUCTS.includes(firstShown) ? 'above' : 'below';
  if (place !== where) return null;

  const email = required?.email || undefined;
  const groups = config.products.filter((p) => BUTTON_PRODUCTS.includes(p) && products.includes(p));
  const buttons = groups.flatMap((p): Array<{ key: string; node: ReactNode }> => {
    if (p === 'oauth') {
      return shownProviders(config, restricted).map((provider) => {
        const s = startSettings(provider, config.oauthOptions, email);
        const start = () => {
          rememberLastUsed(s.type);
          void run(() => startOAuth(s));
        };
        const button = <OAuthButton key={s.type} type={s.type} disabled={busy} onStart={start} />;
        if (!s.oneTap) return { key: s.type, node: button };
        const onlyWay = config.products.length === 1 && config.oauthOptions.providers.length === 1;
        return {
          key: s.type,
          node: (
            <Suspense key={s.type} fallback={button}>
              <B2BGoogleOneTap organizationId={organization?.organization_id} cancelOnTapOutside={s.cancelOnTapOutside} onlyWay={onlyWay} button={button} />
            </Suspense>
          ),
        };
      });
    }
    if (!organization) {
      const node = (
        <button key="sso-discovery" type="button" part="button button-secondary sso-button" disabled={busy} onClick={() => go('SSODiscoveryEmail')}>
          {t('provider.continueWithSSO')}
        </button>
      );
      return [{ key: 'sso-discovery', node }];
    }
    if (restricted && !restricted.includes('sso')) return [];
    return activeConnections(organization).map((c) => {
      const key = `sso:${c.connection_id}`;
      const start = () => {
        rememberLastUsed(key);
        void run(() => startSso(c.connection_id));
      };
      return { key, node: <SsoButton key={key} connection={c} disabled={busy} onStart={start} /> };
    });
  });
  if (buttons.length === 0) return null;
  const ordered = lastUsedFirst(buttons, lastUsed);
  const form = products.some((p) => FORM_PRODUCTS.includes(p as B2BProduct));
  return (
    <>
      {form && place === 'below' ? <Divider /> : null}
      <div part="oauth sso" css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {ordered.items.map((b, i) => (i === 0 && ordered.found ? <LastUsed key={b.key}>{b.node}</LastUsed> : b.node))}
        <ErrorText message={error} />
      </div>
      {form && place === 'above' ? <Divider /> : null}
    </>
  );
});
