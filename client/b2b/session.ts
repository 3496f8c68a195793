import type { ClientEnv } from '../core/env.ts';
import type { Transport } from '../core/transport.ts';
import type { SessionCookies } from '../session/cookies.ts';
import { SessionStore } from '../session/manager.ts';
import type { B2BAuthenticateResponse, B2BState, Member, MemberSession, Organization } from './types.ts';

/** An answer as the B2B manager reads it: a member session, or an intermediate session token. */
export interface B2BAnswer {
  member_session?: MemberSession | null;
  member?: Member;
  organization?: Organization;
  session_token?: string;
  session_jwt?: string;
  intermediate_session_token?: unknown;
}

/**
 * The member session known locally, with its member and organization; `/b2b/sessions/...`
 * for refresh and revoke. An answer without a member session (MFA still owed, or a discovery
 * sign-in) ends any local session and keeps its intermediate token for 10 minutes, as the
 * official B2B client does.
 */
export class B2BSessionManager extends SessionStore<B2BState, B2BAuthenticateResponse> {
  constructor(env: ClientEnv, cookies: SessionCookies, transport: Transport, publicToken: string, customEndpoint: () => boolean, keepAlive: boolean) {
    super(env, cookies, transport, publicToken, customEndpoint, keepAlive, '/b2b');
  }

  protected override empty(): B2BState {
    return { session: null, member: null, organization: null };
  }

  protected override sessionId(s: B2BState): string | undefined {
    return s.session?.member_session_id;
  }

  override update(r: B2BAnswer): void {
    if (r.member_session) {
      const s = this.state;
      this.commit(
        { session_token: r.session_token, session_jwt: r.session_jwt ?? '' },
        { session: r.member_session, member: r.member ?? s.member, organization: r.organization ?? s.organization },
        r.member_session.expires_at,
      );
      return;
    }
    if (typeof r.intermediate_session_token !== 'string' || !r.intermediate_session_token) return;
    this.clearLocal();
    this.cookies.writeIntermediate(r.intermediate_session_token, this.env.timers.now());
  }

  /** The intermediate session token this browser holds, if any. */
  intermediate(): string | undefined {
    return this.cookies.intermediate();
  }
}
