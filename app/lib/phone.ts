export const PHONE_LENGTH = 11;

/** Mainland mobile numbers (spec section 5): 11 digits, '1' then 3–9. Shared with the embedded platform. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** Live input formatting (spec section 5): digits only, at most 11, grouped 3-4-4 with single spaces. */
export function formatPhoneInput(raw: string): string {
  const digits = phoneDigits(raw).slice(0, PHONE_LENGTH);
  return [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7)].filter(Boolean).join(" ");
}

/** The ASCII digits of a formatted or pasted number. */
export function phoneDigits(formatted: string): string {
  return formatted.replace(/\D/g, "");
}

export function isValidPhone(digits: string): boolean {
  return PHONE_PATTERN.test(digits);
}
