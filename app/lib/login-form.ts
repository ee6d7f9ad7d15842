import { NETWORK_ERROR_TEXT } from "~/lib/network-error";
import { isValidPhone, phoneDigits } from "~/lib/phone";

export type LoginMode = "phone" | "pass";

export const LOGIN_TEXTS = {
  agreementRequired: "请勾选阅读并同意《用户协议》《隐私政策》",
  phoneInvalid: "请输入正确的手机号",
  codeRequired: "请输入验证码",
  codeInvalid: "请输入正确的验证码",
  passwordRequired: "请输入密码",
  networkError: NETWORK_ERROR_TEXT,
  loginSuccess: "登录成功～",
} as const;

export const CODE_MAX_LENGTH = 6;
export const CODE_COUNTDOWN_SECONDS = 60;

export const formatCodeInput = (value: string) => value.replace(/\D/g, "").slice(0, CODE_MAX_LENGTH);

const CODE_PATTERN = new RegExp(`^\\d{1,${CODE_MAX_LENGTH}}$`);

export type LoginFields = { mode: LoginMode; phone: string; code: string; password: string };

export function canSubmitLogin({ mode, phone, code, password }: LoginFields): boolean {
  if (!isValidPhone(phoneDigits(phone))) return false;
  return mode === "pass" ? password.length > 0 : code.trim().length > 0;
}

export type LoginValue = { mode: "phone"; phone: string; code: string } | { mode: "pass"; phone: string; password: string };

export type LoginFieldErrors = Partial<Record<"phone" | "code" | "password" | "agreed", string>>;

export type SendCodeFieldErrors = Partial<Record<"phone" | "agreed", string>>;

/** Errors are inserted in toast priority order, so the first of `fieldErrors` is the one to show. */
export function validateLogin(input: {
  mode?: unknown;
  phone?: unknown;
  code?: unknown;
  password?: unknown;
  agreed?: unknown;
}): { ok: true; value: LoginValue } | { ok: false; fieldErrors: LoginFieldErrors } {
  const mode: LoginMode = input.mode === "pass" ? "pass" : "phone";
  const phone = phoneDigits(text(input.phone));
  const code = text(input.code).trim();
  const password = text(input.password);
  const fieldErrors: LoginFieldErrors = {};
  if (!isAgreed(input.agreed)) fieldErrors.agreed = LOGIN_TEXTS.agreementRequired;
  if (!isValidPhone(phone)) fieldErrors.phone = LOGIN_TEXTS.phoneInvalid;
  if (mode === "phone") {
    if (!code) fieldErrors.code = LOGIN_TEXTS.codeRequired;
    else if (!CODE_PATTERN.test(code)) fieldErrors.code = LOGIN_TEXTS.codeInvalid;
  } else if (!password) {
    fieldErrors.password = LOGIN_TEXTS.passwordRequired;
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: mode === "pass" ? { mode, phone, password } : { mode, phone, code } };
}

export function validateSendCode(input: {
  phone?: unknown;
  agreed?: unknown;
}): { ok: true; value: { phone: string } } | { ok: false; fieldErrors: SendCodeFieldErrors } {
  const phone = phoneDigits(text(input.phone));
  const fieldErrors: SendCodeFieldErrors = {};
  if (!isAgreed(input.agreed)) fieldErrors.agreed = LOGIN_TEXTS.agreementRequired;
  if (!isValidPhone(phone)) fieldErrors.phone = LOGIN_TEXTS.phoneInvalid;
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { phone } };
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Scripts may send true, 'true' or '1' rather than 'on'. */
function isAgreed(value: unknown): boolean {
  return value === true || value === "on" || value === "true" || value === "1";
}
