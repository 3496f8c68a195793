/** The green check graphic of the success screens. */
export function SuccessCheck() {
  return (
    <svg part="success-check" width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="46" fill="#0c7a5a" />
      <path d="M28 49l13 13 27-28" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
