export const PHONE_LENGTH = 11;

/** Spec section 5. Shared with the embedded platform. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export function formatPhoneInput(raw: string): string {
  const digits = phoneDigits(raw).slice(0, PHONE_LENGTH);
  return [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7)].filter(Boolean).join(" ");
}

export function phoneDigits(formatted: string): string {
  return formatted.replace(/\D/g, "");
}

export function isValidPhone(digits: string): boolean {
  return PHONE_PATTERN.test(digits);
}
