import { Hono } from 'hono';
import * as b2b from '../../../client/schemas/b2b-mfa-sso-requests.ts';
import type { ProviderContext } from '../../context.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ok } from '../../http/errors.ts';
import { authenticateMemberTotp, authenticateMfaSms, enrolMemberTotp, recoverMember, sendMfaSms } from '../../services/b2b/mfa-sign-in.ts';
import { memberRecoveryCodes, rotateMemberRecoveryCodes } from '../../services/b2b/mfa-totp.ts';
import { memberAnswer } from '../../services/b2b/members.ts';

/** MFA for members: authenticator apps, recovery codes and SMS passcodes under /b2b (who may call them: services/b2b/mfa-access.ts). */
export function b2bMfaRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/b2b/totp',
    endpoint(ctx, { as: 'member', session: 'optional', schema: b2b.TotpCreate }, async ({ c, caller, req }) => {
      const created = await enrolMemberTotp(ctx, caller, req);
      return ok(c, { ...memberAnswer(created.s.member, created.s.org), ...created.totp });
    }),
  );

  app.post(
    '/b2b/totp/authenticate',
    endpoint(ctx, { as: 'member', session: 'optional', schema: b2b.TotpAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) =>
      ok(c, await authenticateMemberTotp(ctx, caller, req, minutes)),
    ),
  );

  app.post(
    '/b2b/recovery_codes/recover',
    endpoint(ctx, { as: 'member', session: 'optional', schema: b2b.RecoveryCodesRecover, minutes: true }, async ({ c, caller, req, minutes }) => ok(c, await recoverMember(ctx, caller, req, minutes))),
  );

  app.post(
    '/b2b/recovery_codes/rotate',
    endpoint(ctx, { as: 'member', session: 'required' }, async ({ c, caller }) => {
      const codes = await rotateMemberRecoveryCodes(ctx, caller.member.member_id);
      return ok(c, { ...memberAnswer(caller.member, caller.org), recovery_codes: codes });
    }),
  );

  app.get(
    '/b2b/recovery_codes',
    endpoint(ctx, { as: 'member', session: 'required' }, async ({ c, caller }) => {
      const codes = await memberRecoveryCodes(ctx, ctx.db, caller.member.member_id);
      return ok(c, { ...memberAnswer(caller.member, caller.org), recovery_codes: codes });
    }),
  );

  app.post(
    '/b2b/otps/sms/send',
    endpoint(ctx, { as: 'member', product: 'otp', session: 'optional', schema: b2b.SmsSend }, async ({ c, caller, req }) => {
      const s = await sendMfaSms(ctx, caller, req);
      return ok(c, { member_id: s.member.member_id, organization_id: s.org.organization_id });
    }),
  );

  app.post(
    '/b2b/otps/sms/authenticate',
    endpoint(ctx, { as: 'member', product: 'otp', session: 'optional', schema: b2b.SmsAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) =>
      ok(c, await authenticateMfaSms(ctx, caller, req, minutes)),
    ),
  );

  return app;
}
