/** Inbox links that open each webmail searching for mail from the sending domain, when one is known. */
export function mailLinks(domain: string | undefined): { gmail: string; yahoo: string; outlook: string } {
  const q = encodeURIComponent(domain ? `from:@${domain} in:anywhere` : 'in:anywhere');
  return {
    gmail: `https://mail.google.com/mail/u/0/#search/${q}`,
    yahoo: domain ? `https://mail.yahoo.com/d/search/keyword=${encodeURIComponent(domain)}` : 'https://mail.yahoo.com/d/search/referrer=unread',
    outlook: domain ? `https://outlook.live.com/mail/0/search?q=${encodeURIComponent(`from:${domain}`)}` : 'https://outlook.office.com/mail/0/inbox',
  };
}
