import { Resolver } from 'node:dns/promises';
import type { ProjectConfig } from '../config.ts';

/** One finding: ok, something to fix, a warning, or a check that could not run. */
export interface Finding {
  level: 'ok' | 'fix' | 'warn' | 'skip';
  check: string;
  message: string;
}

// Resolver errors that mean "no answer from DNS at all", as opposed to "no such record".
const OFFLINE = new Set(['ECONNREFUSED', 'ETIMEOUT', 'EAI_AGAIN', 'ECANCELLED', 'ESERVFAIL', 'ENETUNREACH', 'ECONNRESET', 'EREFUSED']);
const MISSING = new Set(['ENOTFOUND', 'ENODATA', 'ENOTIMP']);
const RESERVED_TLDS = ['test', 'example', 'invalid', 'localhost', 'local'];

class Offline extends Error {}

/** The address inside `Name <address>` or a bare address. */
export function senderAddress(from: string): string {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

/** example.co.uk-style suffixes aside, the last two labels are the organisational domain. */
const orgDomain = (host: string) => host.toLowerCase().split('.').slice(-2).join('.');

async function txt(resolver: Resolver, name: string): Promise<string[]> {
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    if (MISSING.has(code)) return [];
    if (OFFLINE.has(code)) throw new Offline(`${code} for ${name}`);
    throw e;
  }
}

/**
 * Checks that mail from the configured sender can land: SPF, DKIM (with a selector) and
 * DMARC records of its domain, and that the links it carries share that domain.
 */
export async function checkSender(config: ProjectConfig, options: { selector?: string; servers?: string[] }): Promise<Finding[]> {
  const findings: Finding[] = [];
  const address = senderAddress(config.delivery.from);
  const domain = address.split('@')[1]?.toLowerCase();
  if (!domain || !domain.includes('.')) {
    return [{ level: 'fix', check: 'sender', message: `"${config.delivery.from}" is not an email address; set delivery.from (EMAIL_FROM)` }];
  }
  if (RESERVED_TLDS.includes(domain.split('.').at(-1)!)) {
    return [{ level: 'fix', check: 'sender', message: `${address} is a placeholder on a reserved domain; set delivery.from (EMAIL_FROM) to an address on a domain you control` }];
  }
  findings.push({ level: 'ok', check: 'sender', message: `${config.delivery.from} (domain ${domain})` });
  if (!config.delivery.smtpUrl) findings.push({ level: 'warn', check: 'smtp', message: 'no SMTP_URL (delivery.smtpUrl): email only reaches the outbox' });

  const linkHosts = [...new Set(config.redirectUrls.map((u) => new URL(u).hostname))];
  const foreign = linkHosts.filter((h) => orgDomain(h) !== orgDomain(domain));
  if (foreign.length) {
    findings.push({
      level: 'warn',
      check: 'links',
      message: `emails link to ${foreign.join(', ')} but come from ${domain}; filters trust mail whose links share the sender's domain: send from an address on ${orgDomain(foreign[0]!)} or host the redirect pages on ${orgDomain(domain)}`,
    });
  } else if (linkHosts.length) {
    findings.push({ level: 'ok', check: 'links', message: `links stay on ${orgDomain(domain)}` });
  }

  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  if (options.servers?.length) resolver.setServers(options.servers);
  try {
    const spf = (await txt(resolver, domain)).filter((r) => /^v=spf1(\s|$)/i.test(r));
    if (spf.length === 0) {
      findings.push({ level: 'fix', check: 'SPF', message: `no SPF record on ${domain}: add a TXT record "v=spf1 include:<your mail service's SPF domain> ~all"` });
    } else if (spf.length > 1) {
      findings.push({ level: 'fix', check: 'SPF', message: `${spf.length} SPF records on ${domain} (receivers then fail SPF): merge them into one` });
    } else if (/\s\+?all$/i.test(spf[0]!.trim())) {
      findings.push({ level: 'fix', check: 'SPF', message: `"${spf[0]}" ends with +all, which lets anyone send as ${domain}: end it with ~all or -all` });
    } else {
      findings.push({ level: 'ok', check: 'SPF', message: spf[0]! });
    }

    if (!options.selector) {
      findings.push({ level: 'warn', check: 'DKIM', message: 'not checked: give the selector your mail service signs with (--selector NAME, delivery.dkimSelector or DKIM_SELECTOR)' });
    } else {
      const name = `${options.selector}._domainkey.${domain}`;
      const key = (await txt(resolver, name)).find((r) => /(^|;)\s*p=/i.test(r));
      if (!key) findings.push({ level: 'fix', check: 'DKIM', message: `no DKIM key at ${name}: publish the TXT (or CNAME) record your mail service gives you for selector "${options.selector}"` });
      else if (/(^|;)\s*p=\s*(;|$)/i.test(key)) findings.push({ level: 'fix', check: 'DKIM', message: `the key at ${name} is revoked (empty p=): publish the current key` });
      else findings.push({ level: 'ok', check: 'DKIM', message: `key published at ${name}` });
    }

    const dmarc = (await txt(resolver, `_dmarc.${domain}`)).find((r) => /^v=DMARC1/i.test(r));
    if (!dmarc) {
      findings.push({
        level: 'fix',
        check: 'DMARC',
        message: `no DMARC record: add a TXT record at _dmarc.${domain}, e.g. "v=DMARC1; p=none; rua=mailto:dmarc@${domain}", then tighten p= once reports are clean`,
      });
    } else if (/;\s*p=none/i.test(dmarc)) {
      findings.push({ level: 'warn', check: 'DMARC', message: `"${dmarc}" only monitors (p=none); move to p=quarantine or p=reject once SPF and DKIM pass` });
    } else {
      findings.push({ level: 'ok', check: 'DMARC', message: dmarc });
    }
  } catch (e) {
    if (!(e instanceof Offline)) throw e;
    findings.push({ level: 'skip', check: 'DNS', message: `SPF, DKIM and DMARC not checked: DNS is not reachable (${e.message}); run doctor again with network access` });
  }
  return findings;
}
