import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { fakeSmtp } from './fake-smtp.ts';
import { databases, eventually, outbox, sdk, startTestProvider, uniqueEmail, type TestProvider } from './harness.ts';

const smtp = await fakeSmtp();
after(() => smtp.close());
afterEach(() => smtp.reset());

const LOGIN_URL = 'http://app.test/authenticate';
const retry = { attempts: 3, baseDelayMs: 1, maxDelayMs: 100, timeoutMs: 3000 };

for (const kind of databases) {
  describe(`SMTP delivery to a real SMTP server (${kind})`, () => {
    let provider: TestProvider;
    let noOutbox: TestProvider;
    let wrongPassword: TestProvider;
    const delivery = { smtpUrl: smtp.url(), smtpCaFile: smtp.caFile, from: 'login@mail.shop.test', retry };
    before(async () => {
      const project = { name: 'Shop & Co', redirectUrls: [LOGIN_URL], sendLimits: { perIp: 100 } };
      provider = await startTestProvider(kind, { ...project, delivery });
      noOutbox = await startTestProvider(kind, { ...project, delivery: { ...delivery, outbox: false } });
      wrongPassword = await startTestProvider(kind, { ...project, delivery: { ...delivery, smtpUrl: smtp.url('mailer', 'wrong') } });
    });
    after(async () => {
      await provider.destroy();
      await noOutbox.destroy();
      await wrongPassword.destroy();
    });

    const magicLink = (p: TestProvider, email: string) => sdk(p, 'POST', '/magic_links/email/login_or_create', { email, login_magic_link_url: LOGIN_URL, signup_magic_link_url: LOGIN_URL });

    it('sends after STARTTLS and AUTH; the message arrives as sent', async () => {
      const email = uniqueEmail();
      const res = await magicLink(provider, email);
      assert.equal(res.status, 200, res.text);
      assert.equal(smtp.received.length, 1);
      const [mail] = smtp.received;
      assert.equal(mail!.secure, true, 'upgraded by STARTTLS');
      assert.equal(mail!.user, 'mailer');
      const parsed = mail!.parsed;
      assert.equal(parsed.from?.value[0]?.address, 'login@mail.shop.test');
      assert.equal(parsed.from?.value[0]?.name, 'Shop & Co');
      assert.equal(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]?.address : undefined, email);
      const [stored] = await outbox(provider, email);
      assert.equal(parsed.subject, stored!.subject);
      assert.ok(parsed.text?.includes(stored!.link!), 'the link arrives intact');
      assert.match(parsed.messageId ?? '', /@mail\.shop\.test>$/);
      // The link signs in.
      const token = new URL(stored!.link!).searchParams.get('token');
      const signIn = await sdk(provider, 'POST', '/magic_links/authenticate', { token, session_duration_minutes: 30 });
      assert.equal(signIn.status, 200, signIn.text);
    });

    it("arrives as multipart text + HTML in the caller's locale (fr-CA → fr), without tracking or List-Unsubscribe", async () => {
      const email = uniqueEmail();
      const res = await sdk(provider, 'POST', '/magic_links/email/login_or_create', { email, login_magic_link_url: LOGIN_URL, signup_magic_link_url: LOGIN_URL, locale: 'fr-CA' });
      assert.equal(res.status, 200, res.text);
      const [mail] = smtp.received;
      assert.match(mail!.raw, /^Content-Type: multipart\/alternative;/im);
      const parsed = mail!.parsed;
      assert.equal(parsed.subject, 'Terminez votre inscription à Shop & Co');
      const [stored] = await outbox(provider, email);
      assert.ok(parsed.text?.includes(stored!.link!));
      assert.ok(typeof parsed.html === 'string' && parsed.html.includes('<html lang="fr" dir="ltr">'));
      assert.ok((parsed.html as string).includes(stored!.link!.replaceAll('&', '&#38;')));
      assert.doesNotMatch(parsed.html as string, /<img|src=/i);
      assert.equal(parsed.headers.get('list-unsubscribe'), undefined);
      assert.equal(parsed.headers.get('auto-submitted'), 'auto-generated');
      // The passcode email follows the locale too, and its code is the one stored.
      smtp.reset();
      await sdk(provider, 'POST', '/otps/email/login_or_create', { email, locale: 'de' });
      const [code] = await outbox(provider, email);
      assert.equal(smtp.received[0]!.parsed.subject, `Ihr Code für Shop & Co lautet ${code!.code}`);
    });

    it('retries a temporary refusal (451) and delivers', async () => {
      smtp.script({ rcpt: 451, message: 'Try again later' });
      const res = await magicLink(provider, uniqueEmail());
      assert.equal(res.status, 200, res.text);
      assert.equal(smtp.received.length, 1);
      assert.equal(smtp.connections, 2);
    });

    it('answers a refused recipient (550) as inactive_email at once, keeping the message in the outbox', async () => {
      smtp.script({ rcpt: 550, message: 'No such user here' });
      const email = uniqueEmail();
      const res = await magicLink(provider, email);
      assert.equal(res.status, 400);
      assert.equal(res.json.error_type, 'inactive_email');
      assert.doesNotMatch(res.json.error_message, /No such user|550/);
      assert.equal(smtp.connections, 1, 'a permanent refusal is not retried');
      assert.equal((await outbox(provider, email)).length, 1);
    });

    it('retries dropped connections, then answers downstream_carrier_error; the message stays in the outbox', async () => {
      smtp.script('drop', 'drop', 'drop');
      const email = uniqueEmail();
      const res = await magicLink(provider, email);
      assert.equal(res.status, 502);
      assert.equal(res.json.error_type, 'downstream_carrier_error');
      assert.match(res.json.error_message, /could not send the email/);
      assert.equal(smtp.connections, 3);
      assert.equal(smtp.received.length, 0);
      const [kept] = await outbox(provider, email);
      assert.ok(kept?.link, 'nothing lost: the link is still in the outbox');
    });

    it('recovers when a dropped connection is followed by a good one', async () => {
      smtp.script('drop');
      const res = await sdk(provider, 'POST', '/otps/email/login_or_create', { email: uniqueEmail() });
      assert.equal(res.status, 200, res.text);
      assert.equal(smtp.received.length, 1);
      assert.equal(smtp.connections, 2);
    });

    it('does not retry a wrong SMTP password', async () => {
      const res = await magicLink(wrongPassword, uniqueEmail());
      assert.equal(res.status, 502);
      assert.equal(res.json.error_type, 'downstream_carrier_error');
      assert.equal(smtp.connections, 1);
    });

    it('with the outbox off, sends without keeping the content', async () => {
      const email = uniqueEmail();
      assert.equal((await magicLink(noOutbox, email)).status, 200);
      assert.equal(smtp.received.length, 1);
      assert.equal(smtp.received[0]!.parsed.to && !Array.isArray(smtp.received[0]!.parsed.to) ? smtp.received[0]!.parsed.to.value[0]?.address : '', email);
    });

    it('a failed reset email answers like any other (no account enumeration)', async () => {
      const email = uniqueEmail();
      await magicLink(provider, email);
      smtp.reset();
      smtp.script('drop', 'drop', 'drop');
      const known = await sdk(provider, 'POST', '/passwords/email/reset/start', { email, reset_password_redirect_url: LOGIN_URL });
      assert.equal(known.status, 200, known.text);
      // The answer does not wait for the relay: the attempts show in the message's status.
      await eventually(async () => (await outbox(provider, email))[0]?.status === 'failed');
      assert.equal(smtp.connections, 3, 'the send was attempted');
      const unknown = await sdk(provider, 'POST', '/passwords/email/reset/start', { email: uniqueEmail(), reset_password_redirect_url: LOGIN_URL });
      assert.equal(unknown.status, 200);
    });
  });
}
