/** Where the provider is and which project: the server's environment, read per request. */
export function hostEnv() {
  const need = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: see the README, "Next.js".`);
    return value;
  };
  return {
    publicToken: need('STYTCH_PUBLIC_TOKEN'),
    // The browser's client calls the provider here.
    providerUrl: need('STYTCH_PROVIDER_URL'),
  };
}
