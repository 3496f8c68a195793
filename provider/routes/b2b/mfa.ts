import { Hono } from 'hono';
import type { InferOutput } from 'valibot';
import * as b2b from '../../../client/schemas/b2b-mfa-sso-requests.ts';
import type { ProviderContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import type { MemberCaller } from '../../http/auth.ts';
import { endpoint } from '../../http/endpoint.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { readIntermediateSession } from '../../services/b2b/intermediate-sessions.ts';
import { memberShape, requireMember, updateMember, type MemberRow } from '../../services/b2b/members.ts';
import { createMemberTotp, memberRecoveryCodes, redeemMemberRecoveryCode, rotateMemberRecoveryCodes, verifiedTotpId, verifyMemberTotp } from '../../services/b2b/mfa-totp.ts';
import { mfaMethodsAllowed, organizationShape, requireOrganization, type MfaMethod, type OrganizationRow } from '../../services/b2b/organizations.ts';
import { completeMfa } from '../../services/b2b/primary-auth.ts';
import { attemptSucceeded, takeAttempt, TOTP_LOCK } from '../../services/lockout.ts';
import { redeemB2BOtp } from '../../services/otp.ts';
import { markMfaPhoneVerified, queueMfaSms, smsMethodId } from '../../services/b2b/mfa-sms.ts';
import { limitSend } from '../../services/sends.ts';
import type { Factor } from '../../services/sessions.ts';
import { withTx } from '../../services/tx.ts';
import { phoneOf } from '../../services/users.ts';

/** Who an MFA call acts on, and how the caller proved the right to: its member session or an intermediate session. */
interface MfaSubject {
  org: OrganizationRow;
  member: MemberRow;
  via: 'session' | 'intermediate';
}

interface MemberRef {
  organization_id: string;
  member_id: string;
  intermediate_session_token?: string | undefined;
}

/**
 * The caller may act on the member only with that member's own session, or with an
 * intermediate session that member's primary factor earned in that organization. Another
 * organization's member is not found, as if it did not exist.
 */
async function mfaSubject(ctx: ProviderContext, db: Queryable, caller: MemberCaller, req: MemberRef, method: MfaMethod): Promise<MfaSubject> {
  const org = await requireOrganization(db, req.organization_id);
  const member = await requireMember(db, org.organization_id, req.member_id);
  if (!mfaMethodsAllowed(org).includes(method)) {
    throw new ApiError(403, 'mfa_method_not_allowed', `The organization does not allow ${method} for MFA.`);
  }
  if (caller.member?.member_id === member.member_id) return { org, member, via: 'session' };
  if (req.intermediate_session_token) {
    const ist = await readIntermediateSession(ctx, db, req.intermediate_session_token);
    if (ist.organizationId !== org.organization_id || ist.memberId !== member.member_id) {
      throw new ApiError(401, 'intermediate_session_not_for_member', 'The intermediate session belongs to another member or organization.');
    }
    return { org, member, via: 'intermediate' };
  }
  throw new ApiError(401, 'unauthorized_credentials', "This call needs the member's session or the intermediate session of their sign-in.");
}

/**
 * With only a primary factor (an intermediate session) a member may enrol a first MFA
 * factor, never a new one beside an existing one: otherwise whoever had the password could
 * enrol their own authenticator and skip the member's MFA.
 */
async function refuseSecondEnrolment(db: Queryable, s: MfaSubject): Promise<void> {
  if (s.via !== 'intermediate') return;
  if (s.member.mfa_phone_number_verified || (await verifiedTotpId(db, s.member.member_id))) {
    throw new ApiError(403, 'mfa_already_enrolled', 'The member already has an MFA factor; authenticate with it before enrolling another.');
  }
}

/** `set_mfa_enrollment` and `set_default_mfa` as the member asked, applied with the factor. */
async function enrolment(ctx: ProviderContext, tx: Queryable, member: MemberRow, set: 'enroll' | 'unenroll' | undefined, defaultMethod: MfaMethod | undefined): Promise<MemberRow> {
  if (set === undefined && defaultMethod === undefined) return member;
  return updateMember(tx, member.member_id, ctx.clock.now(), {
    ...(set ? { mfa_enrolled: set === 'enroll' } : {}),
    ...(defaultMethod ? { default_mfa_method: defaultMethod } : {}),
  });
}

/** MFA for members: authenticator apps, recovery codes and SMS passcodes under /b2b. */
export function b2bMfaRoutes(ctx: ProviderContext): Hono {
  const app = new Hono();

  app.post(
    '/b2b/totp',
    endpoint(ctx, { as: 'member', session: 'optional', schema: b2b.TotpCreate }, async ({ c, caller, req }) => {
      const created = await withTx(ctx.db, async (tx) => {
        const s = await mfaSubject(ctx, tx, caller, req, 'totp');
        await refuseSecondEnrolment(tx, s);
        return { s, totp: await createMemberTotp(ctx, tx, s.member.member_id, s.member.email_address, req.expiration_minutes) };
      });
      return ok(c, { member_id: created.s.member.member_id, member: memberShape(created.s.member), organization: organizationShape(created.s.org), ...created.totp });
    }),
  );

  /**
   * The two authenticator-app sign-ins: the code is checked in the transaction that completes
   * the member session, after one attempt of the member's shared count is taken.
   */
  const secondFactor =
    <R extends MemberRef & { session_duration_minutes: number }>(
      redeem: (tx: Queryable, member: MemberRow, req: R) => Promise<{ factor: Factor; extra: Record<string, unknown> } | null>,
      refusal: () => ApiError,
      after: (tx: Queryable, member: MemberRow, req: R) => Promise<MemberRow> = async (_tx, m) => m,
    ) =>
    async (caller: MemberCaller, req: R, minutes: number) => {
      const s = await mfaSubject(ctx, ctx.db, caller, req, 'totp');
      await takeAttempt(ctx.db, TOTP_LOCK, `b2b:${s.member.member_id}`, ctx.clock.now());
      const answer = await withTx(ctx.db, async (tx) => {
        const spent = await redeem(tx, s.member, req);
        if (!spent) return null;
        const member = await after(tx, await requireMember(tx, s.org.organization_id, s.member.member_id), req);
        const done = await completeMfa(ctx, tx, {
          org: s.org,
          member,
          factor: spent.factor,
          minutes,
          client: caller.client,
          ...(s.via === 'intermediate' && req.intermediate_session_token ? { intermediateSessionToken: req.intermediate_session_token } : {}),
          currentSessionId: s.via === 'session' ? caller.memberSessionId : null,
        });
        return { ...done, ...spent.extra };
      });
      if (!answer) throw refusal();
      await attemptSucceeded(ctx.db, TOTP_LOCK, `b2b:${s.member.member_id}`);
      return answer;
    };

  const totpAuthenticate = secondFactor<InferOutput<typeof b2b.TotpAuthenticate>>(
    async (tx, member, req) => {
      const id = await verifyMemberTotp(ctx, tx, member.member_id, req.code);
      return id === null
        ? null
        : { factor: { type: 'totp', delivery_method: 'authenticator_app', last_authenticated_at: ctx.clock.now().toISOString(), authenticator_app_factor: { totp_id: id } }, extra: {} };
    },
    () => new ApiError(401, 'otp_code_not_found', 'The authenticator code is incorrect, expired or already used.'),
    (tx, member, req) => enrolment(ctx, tx, member, req.set_mfa_enrollment, req.set_default_mfa ? 'totp' : undefined),
  );
  app.post(
    '/b2b/totp/authenticate',
    endpoint(ctx, { as: 'member', session: 'optional', schema: b2b.TotpAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => ok(c, await totpAuthenticate(caller, req, minutes))),
  );

  const recover = secondFactor<InferOutput<typeof b2b.RecoveryCodesRecover>>(
    async (tx, member, req) => {
      const spent = await redeemMemberRecoveryCode(ctx, tx, member.member_id, req.recovery_code);
      return spent === null
        ? null
        : {
            factor: { type: 'recovery_code', delivery_method: 'recovery_code', last_authenticated_at: ctx.clock.now().toISOString(), recovery_code_factor: { totp_recovery_code_id: spent.totpId } },
            extra: { recovery_codes_remaining: spent.remaining },
          };
    },
    () => new ApiError(401, 'recovery_code_not_found', 'The recovery code is incorrect or already used.'),
  );
  app.post(
    '/b2b/recovery_codes/recover',
    endpoint(ctx, { as: 'member', session: 'optional', schema: b2b.RecoveryCodesRecover, minutes: true }, async ({ c, caller, req, minutes }) => ok(c, await recover(caller, req, minutes))),
  );

  app.post(
    '/b2b/recovery_codes/rotate',
    endpoint(ctx, { as: 'member', session: 'required' }, async ({ c, caller }) => {
      const codes = await withTx(ctx.db, (tx) => rotateMemberRecoveryCodes(ctx, tx, caller.member.member_id));
      return ok(c, { member_id: caller.member.member_id, member: memberShape(caller.member), organization: organizationShape(caller.org), recovery_codes: codes });
    }),
  );

  app.get(
    '/b2b/recovery_codes',
    endpoint(ctx, { as: 'member', session: 'required' }, async ({ c, caller }) => {
      const codes = await memberRecoveryCodes(ctx, ctx.db, caller.member.member_id);
      return ok(c, { member_id: caller.member.member_id, member: memberShape(caller.member), organization: organizationShape(caller.org), recovery_codes: codes });
    }),
  );

  app.post(
    '/b2b/otps/sms/send',
    endpoint(ctx, { as: 'member', product: 'otp', session: 'optional', schema: b2b.SmsSend }, async ({ c, caller, req }) => {
      const s = await mfaSubject(ctx, ctx.db, caller, req, 'sms_otp');
      const asked = req.mfa_phone_number ? phoneOf(req.mfa_phone_number) : undefined;
      const current = s.member.mfa_phone_number;
      // A verified number is the member's factor: codes go there and nowhere else.
      if (s.member.mfa_phone_number_verified && asked && asked !== current) {
        throw new ApiError(400, 'mfa_phone_number_already_set', 'The member already has a verified MFA phone number.');
      }
      const phone = s.member.mfa_phone_number_verified ? current : (asked ?? current);
      if (!phone) throw new ApiError(400, 'mfa_phone_number_required', 'The member has no MFA phone number: send mfa_phone_number.');
      if (!s.member.mfa_phone_number_verified) await refuseSecondEnrolment(ctx.db, s);
      await limitSend(ctx, phone, caller.client);
      const queued = await withTx(ctx.db, async (tx) => {
        if (phone !== current) await updateMember(tx, s.member.member_id, ctx.clock.now(), { mfa_phone_number: phone });
        return queueMfaSms(ctx, tx, s.member.member_id, phone, req.locale);
      });
      await ctx.delivery.dispatch(ctx.db, queued);
      return ok(c, { member_id: s.member.member_id, organization_id: s.org.organization_id });
    }),
  );

  app.post(
    '/b2b/otps/sms/authenticate',
    endpoint(ctx, { as: 'member', product: 'otp', session: 'optional', schema: b2b.SmsAuthenticate, minutes: true }, async ({ c, caller, req, minutes }) => {
      const s = await mfaSubject(ctx, ctx.db, caller, req, 'sms_otp');
      const phone = s.member.mfa_phone_number;
      // One transaction: the redemption (or the counted wrong guess) and the session commit together.
      const answer = await withTx(ctx.db, async (tx) => {
        if (!phone || !(await redeemB2BOtp(ctx, tx, smsMethodId(s.member.member_id, phone), req.code))) return null;
        const now = ctx.clock.now();
        await markMfaPhoneVerified(tx, s.member.member_id, phone, now);
        const member = await enrolment(ctx, tx, await requireMember(tx, s.org.organization_id, s.member.member_id), req.set_mfa_enrollment, undefined);
        const factor: Factor = {
          type: 'otp',
          delivery_method: 'sms',
          last_authenticated_at: now.toISOString(),
          phone_number_factor: { phone_id: smsMethodId(member.member_id, phone), phone_number: phone },
        };
        return completeMfa(ctx, tx, {
          org: s.org,
          member,
          factor,
          minutes,
          client: caller.client,
          ...(s.via === 'intermediate' && req.intermediate_session_token ? { intermediateSessionToken: req.intermediate_session_token } : {}),
          currentSessionId: s.via === 'session' ? caller.memberSessionId : null,
        });
      });
      if (!answer) throw new ApiError(401, 'otp_code_not_found', 'The passcode is incorrect, expired or already used.');
      return ok(c, answer);
    }),
  );

  return app;
}
