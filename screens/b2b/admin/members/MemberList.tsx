import { useState, type FormEvent } from 'react';
import type { Member } from '../../../../client/b2b/types.ts';
import { ErrorText } from '../../../components/ErrorText.tsx';
import { useToastNotice } from '../notice.ts';
import { allRoles, useRoles } from '../roles.ts';
import { Button, Field, Failure, Row, Section, Table } from '../ui.tsx';
import { useAdminAction, useAdminClient, useAdminStrings, useCan, useLoad } from '../widget.ts';
import { InviteForm } from './InviteForm.tsx';
import { useStatusName } from './status.ts';

/** Members per page. */
export const PAGE_SIZE = 10;
/** The official portal searches by address from this many characters on. */
const MIN_SEARCH = 3;

/** The searchable, paged list of the organization's members, with invite and re-invite. */
export function MemberList({ onOpen }: { onOpen: (m: Member) => void }) {
  const t = useAdminStrings();
  const client = useAdminClient();
  const roles = useRoles();
  const statusName = useStatusName();
  const canInvite = useCan('stytch.member', 'create');
  const notice = useToastNotice();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  // The cursors of the pages before this one: Previous pops one.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const [inviting, setInviting] = useState(false);
  const reinvite = useAdminAction();
  const page = useLoad(
    () =>
      client.organization.members.search({
        limit: PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
        ...(query ? { query: { operator: 'AND', operands: [{ filter_name: 'member_email_fuzzy', filter_value: query }] } } : {}),
      }),
    JSON.stringify([query, cursor]),
  );
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery(typed.trim().length >= MIN_SEARCH ? typed.trim() : '');
    setCursors([undefined]);
  };
  const roleName = (id: string) => roles.find((r) => r.role_id === id)?.name ?? id;
  const members = page.data?.members ?? [];
  const sendInvite = (m: Member) =>
    reinvite.run(async () => {
      await client.magicLinks.email.invite({ email_address: m.email_address });
      notice(t('adminPortal.members.invited', { email: m.email_address }));
    });

  return (
    <>
      <Section
        title={t('adminPortal.members.list')}
        actions={
          canInvite && !inviting ? (
            <Button kind="primary" onClick={() => setInviting(true)}>
              {t('adminPortal.members.invite')}
            </Button>
          ) : null
        }
      >
        {inviting ? (
          <InviteForm
            onDone={(email) => {
              setInviting(false);
              if (email) {
                notice(t('adminPortal.members.invited', { email }));
                page.reload();
              }
            }}
          />
        ) : null}
        <form role="search" onSubmit={search} css={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
          <Field label={t('adminPortal.members.search')} value={typed} onChange={setTyped} type="search" placeholder={t('adminPortal.members.searchHint')} />
          <Button type="submit">{t('adminPortal.members.searchButton')}</Button>
        </form>
        <ErrorText message={page.error} />
        <Failure action={reinvite} />
        {page.loading && !page.data ? <p part="helper">{t('adminPortal.loading')}</p> : null}
        {page.data && members.length === 0 ? <p>{t('adminPortal.members.none')}</p> : null}
        {members.length > 0 ? (
          <Table
            caption={t('adminPortal.members.list')}
            head={[t('adminPortal.members.name'), t('adminPortal.members.email'), t('adminPortal.members.status'), t('adminPortal.members.roles'), t('adminPortal.actions')]}
            rows={members.map((m) => [
              m.name || '—',
              <span dir="ltr">{m.email_address}</span>,
              statusName(m.status),
              allRoles(m).map(roleName).join(', '),
              <Row>
                <Button onClick={() => onOpen(m)} label={t('adminPortal.members.manageLabel', { email: m.email_address })}>
                  {t('adminPortal.members.manage')}
                </Button>
                {canInvite && (m.status === 'invited' || m.status === 'pending') ? (
                  <Button busy={reinvite.busy} onClick={() => void sendInvite(m)} label={t('adminPortal.members.reinviteLabel', { email: m.email_address })}>
                    {t('adminPortal.members.reinvite')}
                  </Button>
                ) : null}
              </Row>,
            ])}
          />
        ) : null}
        <Row>
          <Button disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
            {t('adminPortal.previous')}
          </Button>
          <Button disabled={!page.data?.results_metadata.next_cursor} onClick={() => setCursors((c) => [...c, page.data?.results_metadata.next_cursor ?? undefined])}>
            {t('adminPortal.next')}
          </Button>
          {page.data ? <span part="helper">{t('adminPortal.members.total', { total: page.data.results_metadata.total })}</span> : null}
        </Row>
      </Section>
    </>
  );
}
