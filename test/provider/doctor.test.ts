import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import dnsPacket from 'dns-packet';
import * as v from 'valibot';
import { commands } from '../../provider/admin/delivery.ts';
import type { AdminContext } from '../../provider/admin/types.ts';
import { ProjectConfigSchema } from '../../provider/config.ts';
import { openTestDatabase } from './harness.ts';

/** A DNS server on loopback UDP answering TXT questions from `zone`; other names are NXDOMAIN. */
async function fakeDns(zone: Record<string, string[]>) {
  const socket = createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    const query = dnsPacket.decode(msg);
    const q = query.questions![0]!;
    const records = q.type === 'TXT' ? zone[q.name.toLowerCase()] : undefined;
    const answer = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (records || zone[q.name.toLowerCase()] ? 0 : 3),
      questions: query.questions,
      answers: (records ?? []).map((data) => ({ type: 'TXT' as const, name: q.name, ttl: 60, class: 'IN' as const, data })),
    });
    socket.send(answer, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { server: `127.0.0.1:${(socket.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}

describe('admin doctor', () => {
  let dns: Awaited<ReturnType<typeof fakeDns>>;
  let store: Awaited<ReturnType<typeof openTestDatabase>>;
  before(async () => {
    dns = await fakeDns({
      'good.example.com': ['v=spf1 include:_spf.mailhost.example.net ~all'],
      'mail2025._domainkey.good.example.com': ['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'],
      '_dmarc.good.example.com': ['v=DMARC1; p=reject; rua=mailto:dmarc@good.example.com'],
      'weak.example.org': ['v=spf1 +all', 'v=spf1 include:other.example.net -all', 'google-site-verification=abc'],
      'old._domainkey.weak.example.org': ['v=DKIM1; p='],
      '_dmarc.weak.example.org': ['v=DMARC1; p=none'],
      'bare.example.net': ['some-other-verification=1'],
      'open.example.org': ['v=spf1 a mx +all'],
    });
    store = await openTestDatabase('pglite');
  });
  after(async () => {
    await dns.close();
    await store.destroy();
  });

  async function doctor(project: Record<string, unknown>, args: string[] = [], env: NodeJS.ProcessEnv = { DNS_SERVERS: dns.server }) {
    const lines: string[] = [];
    const ctx: AdminContext = { db: async () => store.db, projectFile: '', project: v.parse(ProjectConfigSchema, project), env, print: (l) => lines.push(l) };
    const code = await commands.doctor!.run(ctx, args);
    return { code, lines, text: lines.join('\n') };
  }

  it('passes a sender with SPF, DKIM and an enforcing DMARC record', async () => {
    const r = await doctor({
      delivery: { from: 'Shop <login@good.example.com>', smtpUrl: 'smtp://u:p@mail.example.net:587', dkimSelector: 'mail2025' },
      redirectUrls: ['https://www.example.com/authenticate'],
    });
    assert.equal(r.code, 0, r.text);
    assert.match(r.text, /^ok {4}SPF {5}v=spf1 include:_spf\.mailhost\.example\.net ~all$/m);
    assert.match(r.text, /^ok {4}DKIM {4}key published at mail2025\._domainkey\.good\.example\.com$/m);
    assert.match(r.text, /^ok {4}DMARC {3}v=DMARC1; p=reject/m);
    assert.match(r.text, /^ok {4}links {3}links stay on example\.com$/m);
    assert.match(r.text, /Nothing to fix\.$/);
  });

  it('prints what to fix: two SPF records, a revoked DKIM key, monitoring-only DMARC, links on another domain', async () => {
    const r = await doctor({ delivery: { from: 'login@weak.example.org' }, redirectUrls: ['https://app.shop.test/authenticate'] }, ['--selector', 'old']);
    assert.equal(r.code, 1);
    assert.match(r.text, /^fix {3}SPF {5}2 SPF records on weak\.example\.org .*merge them into one$/m);
    assert.match(r.text, /^fix {3}DKIM {4}the key at old\._domainkey\.weak\.example\.org is revoked/m);
    assert.match(r.text, /^warn {2}DMARC {3}"v=DMARC1; p=none" only monitors/m);
    assert.match(r.text, /^warn {2}links {3}emails link to app\.shop\.test but come from weak\.example\.org/m);
    assert.match(r.text, /^warn {2}smtp .*no SMTP_URL/m);
    assert.match(r.text, /2 things to fix/);
  });

  it('names every missing record, and asks for a selector when none is configured', async () => {
    const r = await doctor({ delivery: { from: 'login@bare.example.net', smtpUrl: 'smtp://x' } });
    assert.equal(r.code, 1);
    assert.match(r.text, /^fix {3}SPF {5}no SPF record on bare\.example\.net: add a TXT record "v=spf1 include:/m);
    assert.match(r.text, /^warn {2}DKIM {4}not checked: give the selector/m);
    assert.match(r.text, /^fix {3}DMARC {3}no DMARC record: add a TXT record at _dmarc\.bare\.example\.net/m);
    const withSelector = await doctor({ delivery: { from: 'login@bare.example.net', smtpUrl: 'smtp://x' } }, ['--selector', 's1']);
    assert.match(withSelector.text, /^fix {3}DKIM {4}no DKIM key at s1\._domainkey\.bare\.example\.net/m);
  });

  it('flags an SPF record that lets anyone send', async () => {
    const r = await doctor({ delivery: { from: 'login@open.example.org' } });
    assert.match(r.text, /^fix {3}SPF {5}"v=spf1 a mx \+all" ends with \+all, which lets anyone send as open\.example\.org/m);
  });

  it('refuses the placeholder sender without asking DNS', async () => {
    const r = await doctor({});
    assert.equal(r.code, 1);
    assert.match(r.text, /login@example\.test is a placeholder on a reserved domain; set delivery\.from \(EMAIL_FROM\)/);
  });

  it('skips the DNS checks with a clear message when DNS cannot be reached', async () => {
    const closed = createSocket('udp4');
    await new Promise<void>((resolve) => closed.bind(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = await doctor({ delivery: { from: 'login@good.example.com', smtpUrl: 'smtp://x' } }, [], { DNS_SERVERS: `127.0.0.1:${port}` });
    assert.equal(r.code, 0, r.text);
    assert.match(r.text, /^skip {2}DNS {5}SPF, DKIM and DMARC not checked: DNS is not reachable \(\w+ for good\.example\.com\)/m);
    assert.match(r.text, /the DNS checks were skipped/);
  });
});
