import type { JWK, JWTPayload } from 'jose';
import type { ProjectConfig } from './config.ts';
import type { Database, Queryable } from './db/index.ts';

/*
 * The provider's ground floor: routes, the HTTP layer and services all take the context, so it
 * names what it holds by the interfaces below and imports nothing from them. The classes in
 * services/ implement these (server.ts builds them and the compiler checks the fit there).
 */

/** The time source; tests inject a movable clock instead of patching globals. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export type Channel = 'email' | 'sms' | 'whatsapp';

/** One message as the templates render it. */
export interface Message {
  to: string;
  channel: Channel;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  code?: string;
  link?: string;
  /** The catalog locale the message was rendered in. */
  locale?: string;
  /** How long the code or link it carries lives: past that the message is not sent at all. */
  validMinutes?: number;
}

/**
 * `queued` (committed, waiting for a sender), `sending` (claimed by one process, under a lease),
 * `sent`, `failed` (for good), `unconfirmed` (handed to the relay whole, whose answer did not come:
 * never sent again, as that could deliver it twice) or `expired` (its code or link ran out first).
 */
export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'unconfirmed' | 'expired';

/** A message as the development outbox lists it. */
export interface OutboxEntry {
  id: string;
  to: string;
  channel: string;
  subject: string;
  text: string;
  code: string | null;
  link: string | null;
  created_at: string;
  /** queued until the transport answers; `sent` at once for messages that only reach the outbox. */
  status: DeliveryStatus;
  /** `outbox`, `smtp`, `twilio` or `whatsapp_cloud`. */
  transport: string;
  /** The service's id of the message (Twilio SM…, WhatsApp wamid…, the SMTP Message-ID). */
  transport_message_id: string | null;
  /** Why it failed, in the service's words. */
  error: string | null;
  attempts: number;
}

/** A message stored by `send` in the caller's transaction; only `dispatch` reads the rest of it. */
export interface QueuedMessage {
  id: string;
}

/** Messages are queued in the transaction that decides them and sent after it commits (services/delivery.ts). */
export interface Delivery {
  send(tx: Queryable, m: Message): Promise<QueuedMessage>;
  /** Sends what `send` queued; a failure is an error the widget shows unless `quiet`. */
  dispatch(db: Queryable, queued: QueuedMessage | undefined, options?: { quiet?: boolean }): Promise<void>;
  /** Sends what `send` queued without the caller waiting (flows that must not reveal whether an address exists); failures are recorded only. */
  dispatchLater(db: Queryable, queued: QueuedMessage | undefined): void;
  /** Records a message (`compose`, in a transaction of its own) and sends it, both after the caller has answered: the same database work before the answer whether or not there is a message. */
  queueLater(db: Database, compose: (tx: Queryable) => Promise<QueuedMessage | undefined>): void;
  list(db: Queryable, to?: string, limit?: number): Promise<OutboxEntry[]>;
}

/** The session JWT keys (services/jwt.ts). */
export interface SigningKeys {
  sign(q: Queryable, claims: JWTPayload, subject: string, issuer: string, audience: string): Promise<string>;
  /** Signs a payload whose claims (iat, exp, aud) the caller sets: the connected apps' tokens. */
  signPayload(q: Queryable, payload: JWTPayload): Promise<string>;
  verify(jwt: string, audience: string, ignoreExpiry?: boolean): Promise<JWTPayload | null>;
  jwks(): Promise<{ keys: JWK[] }>;
}

/** Encrypts the secrets the provider must read back (services/secrets.ts). */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

/** The server API's secrets (services/project-secrets.ts): the matching secret's hash, or null. */
export interface ProjectSecrets {
  match(secret: string): string | null;
}

/**
 * A fetch for URLs the provider was given (services/outbound.ts): public addresses only unless
 * allowed, one deadline, a capped body, one uniform error.
 */
export type OutboundFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Documents fetched from outside (OIDC discovery, JWKS), bounded in number and bytes and kept
 * for a while (services/outside-cache.ts). `get` loads one when it is missing, expired, or
 * older than `maxAgeMs`.
 */
export interface DocumentCache {
  get<T>(key: string, load: () => Promise<T>, maxAgeMs?: number): Promise<T>;
  readonly size: number;
  readonly bytes: number;
}

/** What every route needs, built once per server and passed in (no module-level state). */
export interface ProviderContext {
  config: ProjectConfig;
  db: Database;
  clock: Clock;
  keys: SigningKeys;
  delivery: Delivery;
  /** Encrypts the secrets the provider must read back (TOTP seeds, JWT signing keys). */
  secrets: SecretBox;
  /** The server API's secrets (`/v1`, Basic `project_id:secret`). */
  projectSecrets: ProjectSecrets;
  /** Development pages (outbox, consent simulator): only with DEV_PAGES=1 or NODE_ENV=development, and then for loopback clients only. */
  devPages: boolean;
  /** Every request to a URL from configuration or from a caller (OIDC issuers, OAuth endpoints) goes through this. */
  outbound: OutboundFetch;
  /** Every document fetched from outside and kept (discovery, keys) is kept here, and only here. */
  outsideCache: DocumentCache;
  /** 'test' or 'live', from the public token of the project being served. */
  env: 'test' | 'live';
  /** How often at most a repeated failure (a database outage) is logged; 10 s when unset. */
  logRepeatMs?: number;
}
