import { useAtom } from 'jotai';
import { lazy, Suspense, useMemo, useState } from 'react';
import { isOAuthProvider } from '../../client/schemas/oauth-providers.ts';
import { ErrorText } from '../components/ErrorText.tsx';
import type { OAuthProviderConfig } from '../config/schema.ts';
import { useWidget } from '../context.ts';
import { OAuthButton } from './OAuthButton.tsx';
import { oauthRefusalAtom } from '../state/atoms.ts';

// One Tap (its states, Google's script, the developer messages) loads only when configured.
const GoogleOneTap = lazy(() => import('./GoogleOneTap.tsx'));

/**
 * 'Continue with {provider}' buttons; Google with `one_tap` tries the One Tap prompt first. A
 * failure shows under them: a start's, or a sign-in that came back refused (until a press).
 */
export function OAuthButtons() {
  const { config } = useWidget();
  // Providers of a type the widget does not know are skipped, in config order.
  const providers = useMemo(() => config.oauth.providers.filter((p): p is OAuthProviderConfig => isOAuthProvider(p.type)), [config]);
  const [failed, setFailed] = useState<string>();
  const [refusal, setRefusal] = useAtom(oauthRefusalAtom);
  const error = failed ?? refusal;
  const setError = (message: string | undefined) => {
    setRefusal(undefined);
    setFailed(message);
  };
  return (
    <div part="oauth" css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {providers.map((p) =>
        p.type === 'google' && p.one_tap ? (
          <Suspense key={p.type} fallback={null}>
            <GoogleOneTap provider={p} onError={setError} onlyProvider={providers.length === 1} />
          </Suspense>
        ) : (
          <OAuthButton key={p.type} provider={p} onError={setError} />
        ),
      )}
      <ErrorText message={error} />
    </div>
  );
}
