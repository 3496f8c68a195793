import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { AUTHENTICATE_FLOW_COMPLETE } from '../../components/SuccessScreen.tsx';
import { SuccessCheck } from '../../components/SuccessCheck.tsx';
import { Heading } from '../../components/Heading.tsx';
import { signedInAtom } from '../state.ts';
import { useB2B, useB2BStrings } from '../widget.ts';

/** Logged In: who signed in, to which organization; completes the flow once. */
export default function B2BLoggedIn() {
  const t = useB2BStrings();
  const { callbacks } = useB2B();
  const signedIn = useAtomValue(signedInAtom);
  const fired = useRef(false);
  useEffect(() => {
    if (fired.current || !signedIn) return;
    fired.current = true;
    callbacks.onEvent({ type: AUTHENTICATE_FLOW_COMPLETE, data: { member_id: signedIn.member.member_id, organization_id: signedIn.organization.organization_id } });
  }, [callbacks, signedIn]);
  return (
    <section part="container" css={{ alignItems: 'center', textAlign: 'center' }}>
      <SuccessCheck />
      <Heading>{t('success.title')}</Heading>
      <p>{t('login.success.content')}</p>
      {signedIn ? (
        <dl part="member" css={{ margin: 0 }}>
          <dt css={{ fontWeight: 600 }}>{signedIn.organization.organization_name}</dt>
          <dd css={{ margin: 0 }}>{signedIn.member.email_address}</dd>
        </dl>
      ) : null}
    </section>
  );
}
