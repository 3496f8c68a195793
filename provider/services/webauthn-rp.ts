import type { ProjectConfig } from '../config.ts';
import { ApiError } from '../errors.ts';

/** The relying party a ceremony runs for: its id and the page origins allowed to use it. */
export interface RelyingParty {
  rpId: string;
  rpName: string;
  origins: string[];
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).hostname;
  } catch {
    return null;
  }
}

/** An origin may use an rpID equal to its host or a parent domain of it (WebAuthn §5.1.3). */
function originFits(origin: string, rpId: string): boolean {
  const host = hostOf(origin);
  return host !== null && (host === rpId || host.endsWith(`.${rpId}`));
}

/**
 * The rpIDs the project accepts: the configured `rpId`, else the hosts of its authorized
 * origins (so a local project on http://localhost:… gets `localhost`).
 */
export function allowedRpIds(config: ProjectConfig): string[] {
  if (config.rpId) return [config.rpId];
  const hosts = config.authorizedOrigins.map(hostOf).filter((h): h is string => !!h);
  return hosts.length ? [...new Set(hosts)] : ['localhost'];
}

/** Resolves the relying party for a requested `domain` (the client sends the page's hostname). */
export function relyingParty(config: ProjectConfig, domain: string | undefined): RelyingParty {
  const ids = allowedRpIds(config);
  const rpId = domain === undefined || domain === '' ? ids[0]! : domain.toLowerCase();
  if (!ids.includes(rpId)) {
    throw new ApiError(400, 'invalid_domain', `The domain ${JSON.stringify(domain)} is not a passkey domain of this project; allowed: ${ids.join(', ')}.`);
  }
  const origins = config.authorizedOrigins.filter((o) => originFits(o, rpId));
  return { rpId, rpName: config.name, origins };
}

/** The origins allowed for a stored rpID at verification time. */
export function originsFor(config: ProjectConfig, rpId: string): string[] {
  return config.authorizedOrigins.filter((o) => originFits(o, rpId));
}
