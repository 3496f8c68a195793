/** The organization of the Organization flow: the config's slug, else the page's `/org/<slug>` path segment. */
export function organizationSlugOf(configured: string | undefined, pathname: string): string | undefined {
  if (configured) return configured;
  const match = /\/org\/([^/?#]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : undefined;
}
