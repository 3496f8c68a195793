import { useState } from 'react';
import type { SCIMConnection } from '../../../../client/b2b/scim.ts';
import { useToastNotice } from '../notice.ts';
import { Button, Copyable, Failure, Row, Section } from '../ui.tsx';
import { useAdminAction, useAdminClient, useAdminStrings, useCan } from '../widget.ts';

/**
 * Token rotation: a new token beside the current one (shown once), both accepted until the
 * rotation is completed (the old one ends) or cancelled (the new one ends), so the IdP can be
 * switched over without a gap.
 */
export function TokenRotation({ connection: c, onChange }: { connection: SCIMConnection; onChange: (c: SCIMConnection) => void }) {
  const t = useAdminStrings();
  const client = useAdminClient();
  const notice = useToastNotice();
  const can = useCan('stytch.scim', 'update');
  const action = useAdminAction();
  const [next, setNext] = useState<string | undefined>();
  const rotating = !!c.next_bearer_token_last_four || !!next;
  if (!can) return null;
  return (
    <Section title={t('adminPortal.scim.rotation')}>
      {!rotating ? (
        <>
          <p css={{ margin: 0 }}>{t('adminPortal.scim.rotationHint')}</p>
          <Row>
            <Button
              busy={action.busy}
              onClick={() =>
                void action.run(async () => {
                  const { next_bearer_token, ...connection } = (await client.scim.rotateStart(c.connection_id)).connection;
                  setNext(next_bearer_token);
                  onChange(connection);
                })
              }
            >
              {t('adminPortal.scim.rotate')}
            </Button>
          </Row>
        </>
      ) : (
        <>
          {next ? (
            <>
              <p role="status" css={{ margin: 0 }}>
                {t('adminPortal.scim.tokenOnceHint')}
              </p>
              <Copyable label={t('adminPortal.scim.newToken')} value={next} />
            </>
          ) : (
            <p css={{ margin: 0 }}>{t('adminPortal.scim.rotating', { lastFour: c.next_bearer_token_last_four ?? '' })}</p>
          )}
          <p part="helper" css={{ margin: 0 }}>
            {t('adminPortal.scim.gracePeriod')}
          </p>
          <Row>
            <Button
              kind="primary"
              busy={action.busy}
              onClick={() =>
                void action.run(async () => {
                  onChange((await client.scim.rotateComplete(c.connection_id)).connection);
                  setNext(undefined);
                  notice(t('adminPortal.scim.rotated'));
                })
              }
            >
              {t('adminPortal.scim.complete')}
            </Button>
            <Button
              busy={action.busy}
              onClick={() =>
                void action.run(async () => {
                  onChange((await client.scim.rotateCancel(c.connection_id)).connection);
                  setNext(undefined);
                })
              }
            >
              {t('adminPortal.scim.cancelRotation')}
            </Button>
          </Row>
        </>
      )}
      <Failure action={action} />
    </Section>
  );
}
