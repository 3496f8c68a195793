import type { ReactNode } from 'react';
import { siApple, siBitbucket, siDiscord, siFacebook, siFigma, siGithub, siGitlab, siGoogle, siHubspot, siOkta, siSnapchat, siTiktok, siTwitch, siX } from 'simple-icons';

/*
 * Every provider's mark, drawn on a 24×24 grid (ProviderIcon puts one in its square), one
 * export each: a product line's table (`oauth/marks.ts`, `b2b/oauth/marks.ts`) names the marks
 * its buttons show, and a widget file carries only those (the B2B element, five providers and
 * its SSO identity providers, not the login element's nineteen).
 */

/** A Simple Icons (CC0) mark in its brand colour, or in the text colour where the brand's is black (it stays visible in dark themes). */
const simple = (icon: { path: string; hex: string }, black = false): ReactNode => <path d={icon.path} fill={black ? 'currentColor' : `#${icon.hex}`} />;

export const google = /* @__PURE__ */ simple(siGoogle);
export const apple = /* @__PURE__ */ simple(siApple, true);
export const github = /* @__PURE__ */ simple(siGithub, true);
export const gitlab = /* @__PURE__ */ simple(siGitlab);
export const facebook = /* @__PURE__ */ simple(siFacebook);
export const discord = /* @__PURE__ */ simple(siDiscord);
export const bitbucket = /* @__PURE__ */ simple(siBitbucket);
export const twitch = /* @__PURE__ */ simple(siTwitch);
export const twitter = /* @__PURE__ */ simple(siX, true);
export const tiktok = /* @__PURE__ */ simple(siTiktok, true);
export const snapchat = /* @__PURE__ */ simple(siSnapchat);
export const figma = /* @__PURE__ */ simple(siFigma);
export const hubspot = /* @__PURE__ */ simple(siHubspot);
export const okta = /* @__PURE__ */ simple(siOkta, true);

// The brands Simple Icons leaves out (or draws too wide), from plain shapes on the same grid.
export const microsoft = (
  <>
    <rect x="1" y="1" width="10.5" height="10.5" fill="#F25022" />
    <rect x="12.5" y="1" width="10.5" height="10.5" fill="#7FBA00" />
    <rect x="1" y="12.5" width="10.5" height="10.5" fill="#00A4EF" />
    <rect x="12.5" y="12.5" width="10.5" height="10.5" fill="#FFB900" />
  </>
);
export const linkedin = (
  <>
    <rect x="1" y="1" width="22" height="22" rx="3" fill="#0A66C2" />
    <rect x="5" y="9.5" width="3.2" height="9.5" fill="#fff" />
    <circle cx="6.6" cy="6.4" r="1.9" fill="#fff" />
    <path d="M10.5 9.5h3v1.4c.6-1 1.8-1.7 3.3-1.7 2.6 0 3.2 1.7 3.2 4V19h-3.2v-5.1c0-1.2-.2-2.2-1.5-2.2s-1.6 1-1.6 2.2V19h-3.2z" fill="#fff" />
  </>
);
export const yahoo = (
  <>
    <path d="M1 6h4.3l2.6 6.4L10.5 6h4.2l-6.3 14.5H4.2l1.7-3.9z" fill="#6001D2" />
    <path d="M16.6 3h4.4l-3.9 9.6h-3.3z" fill="#6001D2" />
    <circle cx="15.7" cy="15.6" r="2.2" fill="#6001D2" />
  </>
);
export const slack = (
  <>
    <rect x="7.4" y="1" width="3.6" height="10" rx="1.8" fill="#36C5F0" />
    <rect x="13" y="7.4" width="10" height="3.6" rx="1.8" fill="#2EB67D" />
    <rect x="13" y="13" width="3.6" height="10" rx="1.8" fill="#ECB22E" />
    <rect x="1" y="13" width="10" height="3.6" rx="1.8" fill="#E01E5A" />
  </>
);
export const amazon = (
  <>
    <path
      d="M13.9 4.5c-3.1 0-5.3 1.5-5.8 4l3 .3c.2-1 1.1-1.6 2.4-1.6 1.5 0 2.2.8 2.2 2.3v.6c-4.3.2-8 1.2-8 4.9 0 2.3 1.6 3.6 3.8 3.6 1.8 0 3-.6 4.2-1.9.4.6.8 1 1.5 1.6l2.2-2c-.6-.6-1.2-1.3-1.2-2.5V9.3c0-3-1.7-4.8-4.3-4.8zm1.8 8.2c0 1.9-1 3.3-2.6 3.3-1 0-1.6-.7-1.6-1.7 0-2 1.8-2.4 4.2-2.5z"
      fill="currentColor"
    />
    <path d="M2 18.6c5.6 3.9 14.2 4.3 20 .4l.8 1c-6.2 4.3-15.5 3.9-21.6-.4z" fill="#FF9900" />
  </>
);
// Simple Icons' Coinbase entry is the wordmark, too wide for a 20 px square.
export const coinbase = (
  <>
    <circle cx="12" cy="12" r="11" fill="#0052FF" />
    <circle cx="12" cy="12" r="6.5" fill="#fff" />
    <rect x="9.6" y="9.6" width="4.8" height="4.8" rx="0.8" fill="#0052FF" />
    <rect x="12" y="9.6" width="7" height="4.8" fill="#0052FF" />
  </>
);
// A key: an organization's own identity provider.
export const sso = <path d="M12.65 10A6 6 0 1 0 12.65 14H16v3h3v-3h2v-4zM7 14a2 2 0 1 1 0-4 2 2 0 0 1 0 4z" fill="currentColor" fillRule="evenodd" />;
export const salesforce = (
  <path d="M10 5.2a4.2 4.2 0 0 1 6.6.6 5 5 0 0 1 6.4 4.8 5 5 0 0 1-6 4.9 3.8 3.8 0 0 1-5 1.6 4.4 4.4 0 0 1-8.1-.3A3.9 3.9 0 0 1 1 13a4 4 0 0 1 2.2-3.6A4.6 4.6 0 0 1 10 5.2z" fill="#00A1E0" />
);
