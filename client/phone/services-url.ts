/**
 * The clientside-services page's address: the configured one, else the provider's. Its own
 * module: both clients need it in their first load, and the page's channel and parsing do not.
 */
export const servicesUrl = (configured: string | undefined, baseUrl: string) => configured ?? `${baseUrl.replace(/\/+$/, '')}/clientside-services/index.html`;
