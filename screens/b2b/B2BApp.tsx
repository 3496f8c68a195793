import { useAtomValue, useStore } from 'jotai';
import { useState } from 'react';
import { appOf, type ProductLine } from '../App.tsx';
import { LoggingIn } from '../components/LoggingIn.tsx';
import { ToastedCard } from '../components/ToastedCard.tsx';
import { b2bWords } from '../i18n/b2b.ts';
import { b2bMessages } from '../i18n/en/b2b.ts';
import { screenAtom } from '../state/atoms.ts';
import { readResetLink, landsOnReset, resetLinkAtom } from './resetLink.ts';
import { resolveB2BConfig, type B2BConfig } from './config.ts';
import { useDiscoveryLink } from './discovery/useDiscoveryLink.ts';
import { useRedirectReturn } from './sso/useRedirectReturn.ts';
import { b2bScreens } from './registry.ts';
import { primaryRequiredAtom } from './state.ts';
import { useB2B, useB2BStrings } from './widget.ts';

const isB2BScreen = (name: string): name is keyof typeof b2bScreens => Object.hasOwn(b2bScreens, name);

/**
 * The B2B element's current screen. Main is the organization's sign-in in the Organization
 * flow, and wherever an organization asked for another primary factor.
 */
function B2BFlow() {
  const { config } = useB2B();
  const store = useStore();
  // A reset link (or the PasswordReset flow) opens on the reset form, before the first frame: never Main first.
  useState(() => {
    const href = globalThis.location?.href;
    if (!landsOnReset(href, config.authFlowType)) return;
    store.set(resetLinkAtom, href ? readResetLink(href, config.authFlowType) : undefined);
    store.set(screenAtom, 'PasswordResetForm');
  });
  const name = useAtomValue(screenAtom);
  const required = useAtomValue(primaryRequiredAtom);
  useDiscoveryLink();
  const returning = useRedirectReturn();
  const t = useB2BStrings();
  const screen = isB2BScreen(name) ? name : 'Main';
  const Current = screen === 'Main' ? mainOf(config, !!required) : b2bScreens[screen];
  // Back from an IdP or provider: 'Logging in...' while its token is spent.
  return <ToastedCard>{returning ? <LoggingIn text={t('login.loading')} /> : <Current />}</ToastedCard>;
}

/**
 * What Main is: the organization's sign-in (the Organization flow, or an organization that asked
 * for another primary factor); in Discovery, the email form, or the password form when
 * passwords are the only product there.
 */
function mainOf(config: B2BConfig, required: boolean) {
  if (config.authFlowType === 'Organization' || required) return b2bScreens.OrganizationMain;
  const email = config.products.includes('emailMagicLinks') || config.products.includes('emailOtp');
  return !email && config.products.includes('passwords') ? b2bScreens.PasswordAuthenticate : b2bScreens.Main;
}

/** `<stytch-b2b-ui>`'s product line: the B2B config, the B2B registry and words; the shell is the login line's. */
export const b2bLine: ProductLine<B2BConfig> = {
  name: 'b2b',
  resolve: (config) => resolveB2BConfig(config),
  screens: b2bScreens,
  Root: B2BFlow,
  messages: b2bMessages,
  genericErrorId: 'error.default',
  reportsConfigErrors: true,
  words: b2bWords,
};

/** Root of one `<stytch-b2b-ui>`. */
export const B2BApp = appOf(b2bLine);
