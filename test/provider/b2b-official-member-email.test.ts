import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, startTestProvider, TEST_ORIGIN, uniqueEmail, type TestProvider } from './harness.ts';
import { uniqueSlug } from './b2b-harness.ts';
import { startOfficialB2BBrowser, type OfficialB2BBrowser } from './b2b-official-client.ts';

/*
 * The official B2B headless client (6.3.0, unchanged, in Chromium) changes addresses against our
 * provider (issue 49): a member's own by `self.startEmailUpdate` and the link sent to the new
 * address, then `self.unlinkRetiredEmail`; another member's by an admin's
 * `organization.members.update` and `organization.members.unlinkRetiredEmail`; its own refused.
 */
for (const kind of databases) {
  describe(`the official B2B client changes member addresses (${kind})`, () => {
    let provider: TestProvider;
    let browser: OfficialB2BBrowser;
    let redirect: string;
    before(async () => {
      browser = await startOfficialB2BBrowser();
      redirect = `${browser.origin}/authenticate`;
      provider = await startTestProvider(kind, { authorizedOrigins: [TEST_ORIGIN, browser.origin], redirectUrls: [redirect] });
    });
    after(async () => {
      await browser.close();
      await provider.destroy();
    });

    const linkToken = async (email: string) => new URL((await outbox(provider, email)).at(-1)!.link!).searchParams.get('token')!;

    it('a member moves itself to a new address and unlinks the old one; an admin moves it again, but not itself', async () => {
      const page = await browser.open(provider.url);
      const admin = uniqueEmail('official-email-admin');
      await page.evaluate((address) => (window as any).client.otps.email.discovery.send({ email_address: address }), admin);
      const [code] = await outbox(provider, admin);
      await page.evaluate(([address, c]) => (window as any).client.otps.email.discovery.authenticate({ email_address: address, code: c }), [admin, code!.code] as const);
      const org = await page.evaluate(
        (s) => (window as any).client.discovery.organizations.create({ organization_name: 'Moving Co', organization_slug: s, session_duration_minutes: 30 }),
        uniqueSlug('moving'),
      );
      const invitee = uniqueEmail('official-email-member');
      await page.evaluate(([address, url]) => (window as any).client.magicLinks.email.invite({ email_address: address, invite_redirect_url: url }), [invitee, redirect] as const);

      const guest = await browser.open(provider.url);
      const joined = await guest.evaluate((t) => (window as any).client.magicLinks.authenticate({ magic_links_token: t, session_duration_minutes: 30 }), await linkToken(invitee));
      assert.equal(joined.member_authenticated, true);
      const memberId = joined.member_id as string;

      const next = uniqueEmail('official-email-next');
      const started = await guest.evaluate(([address, url]) => (window as any).client.self.startEmailUpdate({ email_address: address, login_redirect_url: url }), [next, redirect] as const);
      assert.equal(started.member.email_address, invitee);
      const moved = await guest.evaluate((t) => (window as any).client.magicLinks.authenticate({ magic_links_token: t, session_duration_minutes: 30 }), await linkToken(next));
      assert.equal(moved.member_id, memberId);
      assert.equal(await guest.evaluate(() => (window as any).client.self.getSync().email_address), next);
      const unlinked = await guest.evaluate((address) => (window as any).client.self.unlinkRetiredEmail({ email_address: address }), invitee);
      assert.deepEqual(unlinked.member.retired_email_addresses, []);
      assert.deepEqual(await guest.evaluate(() => (window as any).client.self.getSync().retired_email_addresses), []);
      await guest.context().close();

      const third = uniqueEmail('official-email-third');
      const updated = await page.evaluate(([id, address]) => (window as any).client.organization.members.update({ member_id: id, email_address: address }), [memberId, third] as const);
      assert.equal(updated.member.email_address, third);
      assert.equal(updated.member.email_address_verified, false);
      const retired = updated.member.retired_email_addresses as { email_id: string; email_address: string }[];
      assert.deepEqual(
        retired.map((r) => r.email_address),
        [next],
      );
      const cleared = await page.evaluate(([id, emailId]) => (window as any).client.organization.members.unlinkRetiredEmail({ member_id: id, email_id: emailId }), [
        memberId,
        retired[0]!.email_id,
      ] as const);
      assert.deepEqual(cleared.member.retired_email_addresses, []);

      const own = await page.evaluate(
        async ([id, address]) => {
          try {
            await (window as any).client.organization.members.update({ member_id: id, email_address: address });
            return 'updated';
          } catch (e) {
            return (e as { error_type?: string }).error_type;
          }
        },
        [org.member_id as string, uniqueEmail('official-email-own')] as const,
      );
      assert.equal(own, 'member_cannot_update_their_email_address');
      await page.context().close();
    });
  });
}
