import { Link, useFetcher, useHref } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { FramePopup } from "~/components/frame-popup";
import { HiddenFields } from "~/components/hidden-fields";
import { showToast } from "~/client/events";
import { UnbrokenTitles } from "~/components/unbroken-titles";
import { useHydrated } from "~/hooks/use-hydrated";
import { canSubmitLogin, CODE_MAX_LENGTH, formatCodeInput, LOGIN_TEXTS, type LoginFieldErrors, type LoginMode } from "~/lib/login-form";
import { formatPhoneInput } from "~/lib/phone";
import { useRootData } from "~/hooks/use-root-data";
import { useMiniProgramMode } from "~/hooks/use-wechat";
import { pageChrome } from "~/lib/mini-program";

/** What the /auth action answers when it does not redirect. */
export type AuthActionData = {
  intent: "send-code" | "login" | "logout";
  fieldErrors?: LoginFieldErrors;
  message?: string;
  sent?: boolean;
  cooldown?: number;
  /** The phone as typed, so a page without JavaScript keeps it across posts. */
  phone?: string;
};

const AGREEMENTS = { user: "用户协议", privacy: "隐私政策" } as const;
type Agreement = keyof typeof AGREEMENTS;

type Props = {
  redirectTo: string;
  initialMode: LoginMode;
  initialCooldown: number;
  documentResult?: AuthActionData;
  autoFocus?: boolean;
};

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="login__error" id={id}>
      <UnbrokenTitles text={message} />
    </p>
  ) : null;
}

/** One component for the /auth page and the login sheet (spec section 2): a fetcher with JavaScript, a plain form without it. */
export function LoginForm({ redirectTo, initialMode, initialCooldown, documentResult, autoFocus = false }: Props) {
  const root = useRootData();
  const miniProgram = useMiniProgramMode();
  const fetcher = useFetcher<AuthActionData>();
  const hydrated = useHydrated();
  const id = useId();
  // The agreements in the page's language (useHref puts its basename in front).
  const agreements = useHref("/agreement");
  const phoneRef = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const [phone, setPhone] = useState(documentResult?.phone ?? "");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [cooldown, setCooldown] = useState(initialCooldown);
  const [agreement, setAgreement] = useState<Agreement | null>(null);
  const result = fetcher.data ?? documentResult;
  const errors = result?.fieldErrors ?? {};

  useEffect(() => {
    if (autoFocus) phoneRef.current?.focus();
  }, [autoFocus]);

  // The form works before the scripts run: what the visitor typed or ticked by then is taken into the state, or
  // React's first render after hydration would empty the fields it controls.
  const formRef = useRef<HTMLFormElement>(null);
  const field = (name: string) => formRef.current?.elements.namedItem(name) as HTMLInputElement | null | undefined;
  useEffect(() => {
    const typed = (name: string) => field(name)?.value ?? "";
    if (typed("phone")) setPhone(formatPhoneInput(typed("phone")));
    if (typed("code")) setCode(formatCodeInput(typed("code")));
    if (typed("password")) setPassword(typed("password"));
    if (field("agreed")?.checked) setAgreed(true);
  }, []);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    const text = answer.message ?? Object.values(answer.fieldErrors ?? {})[0];
    if (text) showToast({ text, kind: answer.sent ? "success" : "error" });
    if (answer.sent) setCooldown(answer.cooldown ?? 60);
  }, [fetcher.data]);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  // The box itself, not the state: a tap while the page hydrates is handled as soon as React has hydrated what it
  // tapped, before the effect above has taken what was ticked earlier into the state.
  const agreedNow = () => field("agreed")?.checked ?? agreed;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    // Spec section 5: nothing is sent before the agreement is ticked.
    if (!agreedNow()) {
      event.preventDefault();
      showToast({ text: LOGIN_TEXTS.agreementRequired, kind: "error" });
      return;
    }
    if (submitter?.value === "send-code" && cooldown > 0) event.preventDefault();
  }

  function loginWithWeChat() {
    if (!agreedNow()) {
      showToast({ text: LOGIN_TEXTS.agreementRequired, kind: "error" });
      return;
    }
    import("~/client/wechat")
      .then((wechat) => wechat.openMiniProgramLogin())
      .catch(() => showToast({ text: LOGIN_TEXTS.networkError, kind: "error" }));
  }

  const busy = fetcher.state !== "idle";
  const canLogin = canSubmitLogin({ mode, phone, code, password });
  const modeLink = `/auth?mode=${mode === "pass" ? "phone" : "pass"}&redirect=${encodeURIComponent(redirectTo)}`;

  return (
    <>
      {/* The query keeps the target and mode when a page without JavaScript re-renders after a post. */}
      <fetcher.Form
        ref={formRef}
        method="post"
        action={`/auth?mode=${mode}&redirect=${encodeURIComponent(redirectTo)}`}
        className="login"
        onSubmit={onSubmit}
        noValidate
      >
        <h2 className="login__title">登录{root?.site.name}</h2>
        <HiddenFields fields={{ redirect: redirectTo, mode }} />
        {/* Enter in any field logs in: the first submit button of a form is its default. */}
        <button type="submit" name="intent" value="login" className="visually-hidden" tabIndex={-1} aria-hidden="true" />

        <label className="login__field" htmlFor={`${id}-phone`}>
          <span className="visually-hidden">手机号</span>
          <input
            ref={phoneRef}
            id={`${id}-phone`}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="请输入手机号"
            maxLength={13}
            value={phone}
            onChange={(event) => setPhone(formatPhoneInput(event.target.value))}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? `${id}-phone-error` : undefined}
          />
        </label>
        <FieldError id={`${id}-phone-error`} message={errors.phone} />

        {mode === "phone" ? (
          <>
            <div className="login__field">
              <label htmlFor={`${id}-code`} className="visually-hidden">
                验证码
              </label>
              <input
                id={`${id}-code`}
                name="code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="请输入验证码"
                maxLength={CODE_MAX_LENGTH}
                value={code}
                onChange={(event) => setCode(formatCodeInput(event.target.value))}
                aria-invalid={errors.code ? true : undefined}
                aria-describedby={errors.code ? `${id}-code-error` : undefined}
              />
              <button className="login__code" type="submit" name="intent" value="send-code" formNoValidate disabled={cooldown > 0 || busy}>
                {cooldown > 0 ? `${cooldown}s后重新获取` : "获取验证码"}
              </button>
            </div>
            <FieldError id={`${id}-code-error`} message={errors.code} />
          </>
        ) : (
          <>
            <div className="login__field">
              <label htmlFor={`${id}-password`} className="visually-hidden">
                密码
              </label>
              <input
                id={`${id}-password`}
                name="password"
                type={showPassword ? "text" : "password"}
                autoComplete="current-password"
                placeholder="请输入密码"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? `${id}-password-error` : undefined}
              />
              {hydrated ? (
                <button type="button" className="login__reveal" onClick={() => setShowPassword((shown) => !shown)} aria-pressed={showPassword}>
                  {showPassword ? "隐藏" : "显示"}
                </button>
              ) : null}
            </div>
            <FieldError id={`${id}-password-error`} message={errors.password} />
          </>
        )}

        <label className="login__agree">
          <input
            type="checkbox"
            name="agreed"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            aria-describedby={errors.agreed ? `${id}-agreed-error` : undefined}
          />
          <span>
            我已阅读并同意
            {(Object.keys(AGREEMENTS) as Agreement[]).map((key) => (
              <a
                key={key}
                href={`${agreements}/${key}`}
                target="_blank"
                rel="noopener"
                onClick={(event) => {
                  event.preventDefault();
                  setAgreement(key);
                }}
              >
                《{AGREEMENTS[key]}》
              </a>
            ))}
          </span>
        </label>
        <FieldError id={`${id}-agreed-error`} message={errors.agreed} />
        {result?.message && !fetcher.data ? (
          <p className={result.sent ? "login__notice" : "login__error"} role="alert">
            {result.message}
          </p>
        ) : null}

        <button className="button login__submit" type="submit" name="intent" value="login" disabled={hydrated && (!canLogin || busy)}>
          {busy && fetcher.formData?.get("intent") === "login" ? "登录中…" : "登录"}
        </button>

        <div className="login__switch">
          <Link
            to={modeLink}
            onClick={(event) => {
              event.preventDefault();
              setMode(mode === "pass" ? "phone" : "pass");
            }}
          >
            {mode === "pass" ? "验证码登录" : "密码登录"}
          </Link>
          {pageChrome(miniProgram).wechatLogin ? (
            <button type="button" className="login__wechat" onClick={loginWithWeChat}>
              微信登录
            </button>
          ) : null}
        </div>
        <p className="login__note">未注册的手机号验证后将自动注册</p>
      </fetcher.Form>
      {agreement ? <FramePopup src={`${agreements}/${agreement}`} title={AGREEMENTS[agreement]} onClose={() => setAgreement(null)} /> : null}
    </>
  );
}
