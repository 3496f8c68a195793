import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { BackButton } from '../components/BackButton.tsx';
import { Heading } from '../components/Heading.tsx';
import { useWidget, useStrings } from '../context.ts';
import { magicLinkStateAtom, mainEmailAtom } from '../state/atoms.ts';
import { mailLinks } from './mailLinks.ts';
import { mailIcons } from './MailIcons.tsx';
import { magicLinkMessages } from '../i18n/en/magic-link.ts';
import { linkButtonCss } from '../components/linkButton.ts';
import { useGo } from '../hooks/useGo.ts';
import { LinkRequestWait } from './LinkRequestWait.tsx';

const linkCss = { color: 'inherit', fontWeight: 600 } as const;
const mailLinkLabels = { gmail: 'link.openInGmail', yahoo: 'link.openInYahoo', outlook: 'link.openInOutlook' } as const;

/**
 * The domain the mail came from (SPEC §2, §3): the host's domainHint, else the project's
 * sending domain when bootstrap names exactly one, following bootstrap's refresh.
 */
function useSendingDomain(): string | undefined {
  const { client, config } = useWidget();
  const [domains, setDomains] = useState(() => client?.bootstrap.getSync().email_domains ?? []);
  useEffect(() => client?.bootstrap.onChange((b) => setDomains(b.email_domains)), [client]);
  const hint = config.emailMagicLinks.domainHint;
  if (hint) return hint;
  return domains.length === 1 ? domains[0] : undefined;
}

/** 'Check your email': where the link went, inbox shortcuts and 'Try again' (SPEC §2). */
/** 'Check your email'; `children` (another flow's alternatives) render inside the same card. */
export default function EmailConfirmation({ children }: { children?: ReactNode }) {
  const t = useStrings(magicLinkMessages);
  const { client } = useWidget();
  const [{ email, request }, setMagic] = useAtom(magicLinkStateAtom);
  const setMainEmail = useSetAtom(mainEmailAtom);
  const go = useGo();
  const links = mailLinks(useSendingDomain());

  const tryAgain = () => {
    client?.logEvent({ event_name: 'email_try_again_clicked', details: { email, type: 'login_or_create_eml' } });
    setMagic({ email: '' });
    setMainEmail('');
    go('Main');
  };

  return (
    <section part="container">
      <BackButton />
      <Heading>{t('emailConfirmation.title')}</Heading>
      <p>{t.rich('emailConfirmation.content', { email })}</p>
      {request ? <LinkRequestWait request={request} /> : null}
      <ul part="mail-links" css={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 16, justifyContent: 'center' }}>
        {(['gmail', 'yahoo', 'outlook'] as const).map((name) => {
          const Icon = mailIcons[name];
          return (
            <li key={name}>
              <a part="link mail-link" href={links[name]} target="_blank" rel="noopener noreferrer" css={linkCss}>
                <Icon />
                {t(mailLinkLabels[name])}
              </a>
            </li>
          );
        })}
      </ul>
      <p part="helper">
        {t('emailConfirmation.didntGetIt')}{' '}
        <button type="button" part="link-button" onClick={tryAgain} css={linkButtonCss}>
          {t('emailConfirmation.tryAgain')}
        </button>
      </p>
      {children}
    </section>
  );
}
