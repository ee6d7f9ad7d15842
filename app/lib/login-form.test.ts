import { describe, expect, it } from "vitest";
import { CODE_COUNTDOWN_SECONDS, CODE_MAX_LENGTH, LOGIN_TEXTS, canSubmitLogin, formatCodeInput, validateLogin, validateSendCode } from "./login-form";

describe("constants", () => {
  it("match spec sections 5 and 9", () => {
    expect(CODE_MAX_LENGTH).toBe(6);
    expect(CODE_COUNTDOWN_SECONDS).toBe(60);
    expect(LOGIN_TEXTS.agreementRequired).toBe("请勾选阅读并同意《用户协议》《隐私政策》");
    expect(LOGIN_TEXTS.networkError).toBe("网络错误，请稍后重试～");
    expect(LOGIN_TEXTS.loginSuccess).toBe("登录成功～");
  });
});

describe("formatCodeInput", () => {
  it("keeps the digits typed, at most six", () => {
    expect(formatCodeInput("12a 34-5")).toBe("12345");
    expect(formatCodeInput("12345678")).toBe("123456");
  });
});

describe("canSubmitLogin", () => {
  const filled = { phone: "138 0013 8000", code: "123456", password: "secret" };

  it("needs a valid phone and a code in phone mode", () => {
    expect(canSubmitLogin({ mode: "phone", ...filled })).toBe(true);
    expect(canSubmitLogin({ mode: "phone", ...filled, password: "" })).toBe(true);
    expect(canSubmitLogin({ mode: "phone", ...filled, code: "" })).toBe(false);
    expect(canSubmitLogin({ mode: "phone", ...filled, code: "   " })).toBe(false);
  });

  it("needs a valid phone and a password in pass mode", () => {
    expect(canSubmitLogin({ mode: "pass", ...filled })).toBe(true);
    expect(canSubmitLogin({ mode: "pass", ...filled, code: "" })).toBe(true);
    expect(canSubmitLogin({ mode: "pass", ...filled, password: "" })).toBe(false);
  });

  it("is disabled while the phone is incomplete or invalid", () => {
    expect(canSubmitLogin({ mode: "phone", ...filled, phone: "138 0013 800" })).toBe(false);
    expect(canSubmitLogin({ mode: "pass", ...filled, phone: "128 0013 8000" })).toBe(false);
    expect(canSubmitLogin({ mode: "phone", ...filled, phone: "" })).toBe(false);
  });
});

describe("validateLogin", () => {
  it("returns digits and the code in phone mode", () => {
    expect(validateLogin({ mode: "phone", phone: "138 0013 8000", code: " 123456 ", password: "ignored", agreed: "on" })).toEqual({
      ok: true,
      value: { mode: "phone", phone: "13800138000", code: "123456" },
    });
  });

  it("returns digits and the untrimmed password in pass mode", () => {
    expect(validateLogin({ mode: "pass", phone: "13800138000", password: " pa ss ", agreed: true })).toEqual({
      ok: true,
      value: { mode: "pass", phone: "13800138000", password: " pa ss " },
    });
  });

  it("defaults an unknown mode to phone", () => {
    expect(validateLogin({ mode: "wechat", phone: "13800138000", code: "1", agreed: "1" })).toEqual({
      ok: true,
      value: { mode: "phone", phone: "13800138000", code: "1" },
    });
  });

  it("requires the agreement", () => {
    for (const agreed of [undefined, null, "", "off", false, "false"]) {
      expect(validateLogin({ mode: "phone", phone: "13800138000", code: "123456", agreed })).toEqual({
        ok: false,
        fieldErrors: { agreed: LOGIN_TEXTS.agreementRequired },
      });
    }
  });

  it("checks the code: present, digits only, at most 6", () => {
    const login = (code: unknown) => validateLogin({ mode: "phone", phone: "13800138000", code, agreed: "on" });
    expect(login("")).toEqual({ ok: false, fieldErrors: { code: LOGIN_TEXTS.codeRequired } });
    expect(login(null)).toEqual({ ok: false, fieldErrors: { code: LOGIN_TEXTS.codeRequired } });
    expect(login("1234567")).toEqual({ ok: false, fieldErrors: { code: LOGIN_TEXTS.codeInvalid } });
    expect(login("12a4")).toEqual({ ok: false, fieldErrors: { code: LOGIN_TEXTS.codeInvalid } });
    expect(login("1")).toMatchObject({ ok: true });
  });

  it("requires a password in pass mode", () => {
    expect(validateLogin({ mode: "pass", phone: "13800138000", password: "", code: "123456", agreed: "on" })).toEqual({
      ok: false,
      fieldErrors: { password: LOGIN_TEXTS.passwordRequired },
    });
  });

  it("reports every problem, agreement first, so the first value is the toast", () => {
    const result = validateLogin({ mode: "phone", phone: "12345", code: "", agreed: undefined });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors)).toEqual(["agreed", "phone", "code"]);
    expect(Object.values(result.fieldErrors)[0]).toBe(LOGIN_TEXTS.agreementRequired);
  });

  it("treats non-string values (e.g. uploaded files) as empty", () => {
    const result = validateLogin({ mode: "phone", phone: { length: 11 }, code: 123456, agreed: "on" });
    expect(result).toEqual({ ok: false, fieldErrors: { phone: LOGIN_TEXTS.phoneInvalid, code: LOGIN_TEXTS.codeRequired } });
  });
});

describe("validateSendCode", () => {
  it("returns the digits of a valid phone when agreed", () => {
    expect(validateSendCode({ phone: "199 1234 5678", agreed: "on" })).toEqual({ ok: true, value: { phone: "19912345678" } });
  });

  it("requires the agreement and a valid phone", () => {
    expect(validateSendCode({ phone: "19912345678" })).toEqual({
      ok: false,
      fieldErrors: { agreed: LOGIN_TEXTS.agreementRequired },
    });
    expect(validateSendCode({ phone: "1991234567", agreed: "on" })).toEqual({
      ok: false,
      fieldErrors: { phone: LOGIN_TEXTS.phoneInvalid },
    });
  });
});
