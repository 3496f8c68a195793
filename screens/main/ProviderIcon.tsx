/** A small brand-coloured badge with the provider's initial: no icon package, a few bytes each. */
export function ProviderIcon({ name, color }: { name: string; color: string }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false" part="provider-icon">
      <rect width="20" height="20" rx="4" fill={color} />
      <text x="10" y="14.5" textAnchor="middle" fontSize="13" fontWeight="700" fill="#fff" fontFamily="system-ui,sans-serif">
        {name[0]}
      </text>
    </svg>
  );
}
