import type { ClientEnv } from './env.ts';
import { nextTask, withTimeout } from './timeout.ts';
import type { Transport } from './transport.ts';

/** The bootstrap fields the client and widget read (PROTOCOL.md). */
export interface BootstrapData {
  project_name?: string;
  disable_sdk_watermark: boolean;
  cname_domain: string | null;
  email_domains: string[];
  captcha_settings: { enabled: boolean; siteKey?: string };
  pkce_required_for_email_magic_links: boolean;
  pkce_required_for_password_resets: boolean;
  pkce_required_for_oauth: boolean;
  /** B2B: PKCE for SSO sign-ins (absent for B2C projects). */
  pkce_required_for_sso?: boolean;
  dfp_protected_auth_enabled: boolean;
  dfp_protected_auth_mode?: 'OBSERVATION' | 'DECISIONING';
  password_config: { luds_complexity: number; luds_minimum_count: number } | null;
  rbac_policy: unknown;
  siwe_required_for_crypto_wallets: boolean;
  vertical?: string;
}

// Until the provider answers: no watermark, and the provider's own sending domain (SPEC §7, §9).
export const DEFAULT_BOOTSTRAP: BootstrapData = {
  disable_sdk_watermark: true,
  cname_domain: null,
  email_domains: ['stytch.com'],
  captcha_settings: { enabled: false },
  pkce_required_for_email_magic_links: false,
  pkce_required_for_password_resets: false,
  pkce_required_for_oauth: false,
  dfp_protected_auth_enabled: false,
  dfp_protected_auth_mode: 'OBSERVATION',
  password_config: null,
  rbac_policy: null,
  siwe_required_for_crypto_wallets: false,
};

/** How long auth calls wait for the first bootstrap answer before going ahead with what is known. */
export const BOOTSTRAP_WAIT_MS = 5000;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** Whether a custom API domain from bootstrap is a plain valid host name. */
export function isValidDomain(d: string): boolean {
  return DOMAIN.test(d);
}

/** Bootstrap read synchronously from storage (on first use), then refreshed once in the background. */
export class Bootstrap {
  private data: BootstrapData | undefined;
  private readonly key: string;
  private readonly first: Promise<void>;
  private waited: Promise<void> | undefined;
  private readonly listeners = new Set<(b: BootstrapData) => void>();

  constructor(
    private readonly env: ClientEnv,
    private readonly transport: Transport,
    publicToken: string,
  ) {
    this.key = `stytch_sdk_bootstrap::${publicToken}`;
    // Sent from the next task, not from the one creating the client: that task is often a
    // widget's first render, and sending (the X-SDK-Client header, the fetch) held back its first
    // paint, more so in a React host (bench/RESULTS.md). Nothing needs the answer sooner:
    // getSync has the stored copy, and ready() waits for the answer either way.
    this.first = nextTask().then(() => this.refresh());
  }

  private read(): BootstrapData | undefined {
    try {
      const d = JSON.parse(this.env.storage.getItem(this.key) ?? 'null') as BootstrapData | null;
      return d && typeof d === 'object' ? { ...DEFAULT_BOOTSTRAP, ...d } : undefined;
    } catch {
      return undefined;
    }
  }

  private async refresh(): Promise<void> {
    try {
      await this.transport.prepare();
      const d = await this.transport.call<Partial<BootstrapData>>({ method: 'GET', path: `/projects/bootstrap/${encodeURIComponent(this.transport.publicToken)}` });
      const data = (this.data = { ...DEFAULT_BOOTSTRAP, ...d });
      this.env.storage.setItem(this.key, JSON.stringify(data));
      this.listeners.forEach((l) => l(data));
    } catch (e) {
      this.env.console.warn('Could not load the project bootstrap; using defaults.', e);
    }
  }

  /**
   * The latest known bootstrap. The stored copy is read on the first ask, not as the client is
   * created: a page's first storage read is slow, and a widget paints without it (bench/RESULTS.md).
   */
  getSync(): BootstrapData {
    return (this.data ??= this.read() ?? DEFAULT_BOOTSTRAP);
  }

  /** Resolves once the first request has ended, answered or failed; unlike ready(), it starts no wait of its own. */
  settled(): Promise<void> {
    return this.first;
  }

  /** Resolves with the first answer, or once BOOTSTRAP_WAIT_MS have passed since the first wait, with what is known. */
  ready(): Promise<BootstrapData> {
    this.waited ??= withTimeout(this.first, BOOTSTRAP_WAIT_MS, this.env.timers);
    return this.waited.then(() => this.getSync());
  }

  /** Called with each fresh bootstrap; returns the unsubscribe. */
  onChange(l: (b: BootstrapData) => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
}
