import { useMemo } from 'react';
import { Heading } from '../components/Heading.tsx';
import { useWidget } from '../context.ts';
import { LoginForm } from './LoginForm.tsx';
import { loginMethods } from './methods.ts';

/** The 'or' divider between the social and the email groups. */
function Divider() {
  const { strings } = useWidget();
  const line = { flex: 1, height: 1, background: 'var(--stytch-colors-secondary)' };
  return (
    <div part="divider" css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <span css={line} />
      <span part="helper">{strings.or}</span>
      <span css={line} />
    </div>
  );
}

/** The Main screen: the only screen in the initial bundle (SPEC §2). */
export function Main() {
  const { styles, strings, config } = useWidget();
  const logo = styles.logo?.logoImageUrl;
  const methods = useMemo(() => loginMethods(config), [config]);
  const social = config.products.includes('oauth') || config.products.includes('crypto');
  return (
    <section part="container">
      {logo ? <img part="logo" src={logo} alt="" css={{ alignSelf: 'center', maxHeight: 50, maxWidth: '100%' }} /> : null}
      {styles.hideHeaderText || styles.displayHeader === false ? null : <Heading>{strings.mainHeader}</Heading>}
      {social && methods.length > 0 ? <Divider /> : null}
      {methods.length > 0 ? <LoginForm methods={methods} /> : null}
    </section>
  );
}
