/* Response shapes both sides of the wire share: the provider answers them, the client returns them. */

/** `passwords/strength_check` (inside the `{data}` envelope), as PROTOCOL.md lists it. */
export interface StrengthCheckResult {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  breach_detection_on_create: boolean;
  strength_policy: 'zxcvbn' | 'luds';
  feedback: {
    warning: string;
    suggestions: string[];
    luds_requirements: {
      has_digit: boolean;
      has_lower_case: boolean;
      has_symbol: boolean;
      has_upper_case: boolean;
      missing_characters: number;
      missing_complexity: number;
    };
  };
}

/**
 * The B2B strength check's answer (the official B2B client's `B2BPasswordStrengthCheckResponse`):
 * the same verdict, its feedback split by policy instead of under `feedback`.
 */
export interface B2BStrengthCheckResult {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  breach_detection_on_create: boolean;
  strength_policy: 'zxcvbn' | 'luds';
  zxcvbn_feedback: { warning: string; suggestions: string[] };
  luds_feedback: StrengthCheckResult['feedback']['luds_requirements'];
}
