import { Suspense } from 'react';
import { appOf, type LineRootProps, type ProductLine } from '../App.tsx';
import { configMessages } from '../components/ConfigError.tsx';
import { resolveConfig, type ResolvedConfig } from '../config/resolve.ts';
import { elementFlows, screens } from '../registry.ts';
import { LoginFlow } from './LoginFlow.tsx';

/** The login line's root: Main's flow, or the element flow its mode starts at. */
function LoginRoot({ mode, token, tokenType }: LineRootProps) {
  if (mode === 'login') return <LoginFlow />;
  // Flows other than login load on demand, so the login element's first paint stays small.
  return <Suspense fallback={null}>{mode === 'reset-password' ? <elementFlows.ResetPassword token={token} tokenType={tokenType} /> : <elementFlows.PasskeyRegistration />}</Suspense>;
}

/** The B2C elements' product line: the login config (SPEC §1), the login registry, the B2C words. */
export const loginLine: ProductLine<ResolvedConfig> = {
  name: 'login',
  resolve: (config, t) => resolveConfig(config, configMessages(t)),
  screens,
  Root: LoginRoot,
  messages: undefined,
  genericErrorId: 'errors.generic',
  reportsConfigErrors: false,
};

/** Root of one login, reset-password or passkey-registration element. */
export const LoginApp = appOf(loginLine);
