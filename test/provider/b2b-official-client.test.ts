import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databases, outbox, startTestProvider, TEST_ORIGIN, TEST_TOKEN, uniqueEmail, type TestProvider } from './harness.ts';
import { uniqueSlug } from './b2b-harness.ts';
import { startOfficialB2BBrowser, type OfficialB2BBrowser } from './b2b-official-client.ts';

for (const kind of databases) {
  describe(`the official B2B headless client against our provider (${kind})`, () => {
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

    it('made with the B2B token, it does not warn that the project is a Consumer one; with the Consumer token it does', async () => {
      const warning = /public token is for a Stytch Consumer project/;
      const loaded = async (token?: string) => {
        const errors: string[] = [];
        const page = await browser.open(provider.url, { token, console: errors });
        // A call waits for bootstrap, whose answer the client checks as soon as it arrives.
        await page.evaluate((address) => (window as any).client.otps.email.discovery.send({ email_address: address }), uniqueEmail('official-vertical'));
        await page.context().close();
        return errors;
      };
      assert.deepEqual(
        (await loaded()).filter((e) => warning.test(e)),
        [],
      );
      assert.equal((await loaded(TEST_TOKEN)).filter((e) => warning.test(e)).length, 1);
    });

    it('signs in by discovery email passcode, creates an organization and keeps the member session', async () => {
      const page = await browser.open(provider.url);
      const email = uniqueEmail('official-founder');
      await page.evaluate((address) => (window as any).client.otps.email.discovery.send({ email_address: address }), email);
      const [message] = await outbox(provider, email);
      const found = await page.evaluate(([address, code]) => (window as any).client.otps.email.discovery.authenticate({ email_address: address, code }), [email, message!.code] as const);
      assert.equal(found.email_address, email);
      assert.deepEqual(found.discovered_organizations, []);
      // The client keeps the intermediate session in its cookie, ten minutes.
      const cookies = await page.context().cookies();
      const ist = cookies.find((c) => c.name === 'stytch_intermediate_session_token');
      assert.equal(ist?.value, found.intermediate_session_token);
      assert.ok(Math.abs(ist!.expires * 1000 - (Date.now() + 10 * 60_000)) < 60_000, `cookie expires ${new Date(ist!.expires * 1000).toISOString()}`);
      // It sends that cookie's token itself when listing and creating.
      const listed = await page.evaluate(() => (window as any).client.discovery.organizations.list());
      assert.equal(listed.email_address, email);
      const slug = uniqueSlug('official');
      const created = await page.evaluate((s) => (window as any).client.discovery.organizations.create({ organization_name: 'Official Co', organization_slug: s, session_duration_minutes: 30 }), slug);
      assert.equal(created.member_authenticated, true);
      assert.equal(created.organization.organization_slug, slug);
      const session = await page.evaluate(() => (window as any).client.session.getSync());
      assert.equal(session.member_session_id, created.member_session.member_session_id);
      assert.equal(session.organization_slug, slug);
      const member = await page.evaluate(() => (window as any).client.self.get());
      assert.equal(member.email_address, email);
      const org = await page.evaluate(() => (window as any).client.organization.get());
      assert.equal(org.organization_id, created.organization.organization_id);
      const refreshed = await page.evaluate(() => (window as any).client.session.authenticate({ session_duration_minutes: 30 }));
      assert.equal(refreshed.member_session.member_session_id, session.member_session_id);
      // An admin's self-service: rename the organization, allow its domain to join.
      const updated = await page.evaluate(() =>
        (window as any).client.organization.update({ organization_name: 'Official Co Renamed', email_jit_provisioning: 'RESTRICTED', email_allowed_domains: ['example.test'] }),
      );
      assert.equal(updated.organization.organization_name, 'Official Co Renamed');
      await page.evaluate(() => (window as any).client.session.revoke());
      assert.equal(await page.evaluate(() => (window as any).client.session.getSync()), null);
      await page.context().close();
    });

    it('signs in by discovery magic link and joins an organization by its email domain', async () => {
      const founderPage = await browser.open(provider.url);
      const founder = uniqueEmail('official-owner');
      await founderPage.evaluate((address) => (window as any).client.otps.email.discovery.send({ email_address: address }), founder);
      const [code] = await outbox(provider, founder);
      await founderPage.evaluate(([address, c]) => (window as any).client.otps.email.discovery.authenticate({ email_address: address, code: c }), [founder, code!.code] as const);
      const org = await founderPage.evaluate(
        (s) =>
          (window as any).client.discovery.organizations.create({
            organization_name: 'Joinable',
            organization_slug: s,
            session_duration_minutes: 30,
            email_jit_provisioning: 'RESTRICTED',
            email_allowed_domains: ['example.test'],
          }),
        uniqueSlug('joinable'),
      );
      await founderPage.context().close();

      const page = await browser.open(provider.url);
      const email = uniqueEmail('official-joiner');
      await page.evaluate(([address, url]) => (window as any).client.magicLinks.email.discovery.send({ email_address: address, discovery_redirect_url: url }), [email, redirect] as const);
      const [message] = await outbox(provider, email);
      const link = new URL(message!.link!);
      assert.equal(link.searchParams.get('stytch_token_type'), 'discovery');
      const found = await page.evaluate((token) => (window as any).client.magicLinks.discovery.authenticate({ discovery_magic_links_token: token }), link.searchParams.get('token')!);
      const target = found.discovered_organizations.find((d: any) => d.organization.organization_id === org.organization.organization_id);
      assert.equal(target.membership.type, 'eligible_to_join_by_email_domain');
      const joined = await page.evaluate(
        (id) => (window as any).client.discovery.intermediateSessions.exchange({ organization_id: id, session_duration_minutes: 30 }),
        org.organization.organization_id,
      );
      assert.equal(joined.member_authenticated, true);
      assert.equal(joined.member.email_address, email);
      assert.equal(joined.member_session.authentication_factors[0].type, 'magic_link');
      assert.equal(await page.evaluate(() => document.cookie.includes('stytch_intermediate_session_token=')), false, 'the spent intermediate session is forgotten');
      const session = await page.evaluate(() => (window as any).client.session.getSync());
      assert.equal(session.organization_id, org.organization.organization_id);
      // A second sign-in to the organization by its own email passcode, through the same client.
      await page.evaluate(([id, address]) => (window as any).client.otps.email.loginOrSignup({ organization_id: id, email_address: address }), [org.organization.organization_id, email] as const);
      const [otp] = await outbox(provider, email);
      const again = await page.evaluate(([id, address, c]) => (window as any).client.otps.email.authenticate({ organization_id: id, email_address: address, code: c, session_duration_minutes: 30 }), [
        org.organization.organization_id,
        email,
        otp!.code,
      ] as const);
      assert.equal(again.member_session.member_session_id, session.member_session_id, 'the member session is extended with the new factor');
      assert.deepEqual(again.member_session.authentication_factors.map((f: any) => f.type).sort(), ['magic_link', 'otp']);
      await page.context().close();
    });

    /** A page signed in as the first admin of a new organization (discovery passcode, then create) that invited `invitee`. */
    async function adminInviting(tag: string, invitee: string) {
      const page = await browser.open(provider.url);
      const admin = uniqueEmail(`official-${tag}-admin`);
      await page.evaluate((address) => (window as any).client.otps.email.discovery.send({ email_address: address }), admin);
      const [code] = await outbox(provider, admin);
      await page.evaluate(([address, c]) => (window as any).client.otps.email.discovery.authenticate({ email_address: address, code: c }), [admin, code!.code] as const);
      const org = await page.evaluate(
        (s) => (window as any).client.discovery.organizations.create({ organization_name: 'Official Co', organization_slug: s, session_duration_minutes: 30 }),
        uniqueSlug(tag),
      );
      const invited = await page.evaluate(([address, url]) => (window as any).client.magicLinks.email.invite({ email_address: address, invite_redirect_url: url }), [invitee, redirect] as const);
      return { page, org, invited };
    }

    it('invites a member as an admin, and meets a required-MFA policy with an intermediate session and no member session', async () => {
      const invitee = uniqueEmail('official-invitee');
      const { page, org, invited } = await adminInviting('strict', invitee);
      assert.equal(invited.member.status, 'invited');
      const updated = await page.evaluate(() => (window as any).client.organization.update({ mfa_policy: 'REQUIRED_FOR_ALL' }));
      assert.equal(updated.organization.mfa_policy, 'REQUIRED_FOR_ALL');
      await page.context().close();

      // The invitee opens the link in its own browser: the organization asks for MFA first.
      const guest = await browser.open(provider.url);
      const [message] = await outbox(provider, invitee);
      const token = new URL(message!.link!).searchParams.get('token')!;
      const auth = await guest.evaluate((t) => (window as any).client.magicLinks.authenticate({ magic_links_token: t, session_duration_minutes: 30 }), token);
      assert.equal(auth.member_authenticated, false);
      assert.equal(auth.member_session, null);
      assert.deepEqual(auth.mfa_required, { member_options: null, secondary_auth_initiated: null });
      assert.equal(auth.organization.organization_id, org.organization.organization_id);
      assert.equal(await guest.evaluate(() => (window as any).client.session.getSync()), null);
      const cookies = await guest.context().cookies();
      assert.equal(cookies.find((c) => c.name === 'stytch_intermediate_session_token')?.value, auth.intermediate_session_token);
      assert.equal(
        cookies.some((c) => c.name === 'stytch_session'),
        false,
      );
      // Exchanging the intermediate session (the client sends its cookie) asks again.
      const again = await guest.evaluate(
        (id) => (window as any).client.discovery.intermediateSessions.exchange({ organization_id: id, session_duration_minutes: 30 }),
        org.organization.organization_id,
      );
      assert.equal(again.member_authenticated, false);
      assert.equal(await guest.evaluate(() => (window as any).client.session.getSync()), null);
      await guest.context().close();
    });

    const linkToken = async (email: string) => new URL((await outbox(provider, email)).at(-1)!.link!).searchParams.get('token')!;

    it('a member moves itself to a new address and unlinks the old one; an admin moves it again, but not itself', async () => {
      const invitee = uniqueEmail('official-email-member');
      const { page, org } = await adminInviting('moving', invitee);

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
