import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { fetchAccountAfterLogin } from "~/bff/account.server";
import { fetchAnonymousToken, login, logout, sendVerificationCode } from "~/bff/auth.server";
import { PlatformError } from "~/bff/client.server";
import { LoginForm, type AuthActionData } from "~/components/login-form";
import { formText } from "~/visitor/csrf.server";
import { env } from "~/runtime/env.server";
import { interactionSchema, performInteraction } from "~/route-support/interaction-action.server";
import { BASE_PATH } from "~/lib/base-path";
import { CODE_COUNTDOWN_SECONDS, LOGIN_TEXTS, validateLogin, validateSendCode } from "~/lib/login-form";
import { formatPhoneInput } from "~/lib/phone";
import { redirectLocation, safeRedirectTarget } from "~/lib/redirect-target";
import { createRateLimiter } from "~/runtime/rate-limit.server";
import { useViewer } from "~/hooks/use-personal";
import { logger } from "~/runtime/logger.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export const LOGOUT_TEXT = "已退出登录";

export const meta: MetaFunction = () => [{ title: "登录" }, { name: "robots", content: "noindex" }];

export { retryAfterHeaders as headers } from "~/runtime/rate-limit.server";

function cooldownLeft(sentAt: number | null): number {
  if (!sentAt) return 0;
  return Math.max(0, CODE_COUNTDOWN_SECONDS - Math.floor((Date.now() - sentAt) / 1000));
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return {
    loggedIn: (await context.visitor.read()).isLoggedIn,
    redirectTo: safeRedirectTarget(url.searchParams.get("redirect"), context.origin, BASE_PATH),
    mode: url.searchParams.get("mode") === "pass" ? ("pass" as const) : ("phone" as const),
    cooldown: cooldownLeft(await context.visitor.codeSentAt()),
  };
}

/** A platform refusal keeps its message (spec section 8); an outage gets the network-error text. */
function failure(answer: AuthActionData, error: unknown) {
  if (error instanceof PlatformError) {
    const message = error.kind === "code" ? error.message : LOGIN_TEXTS.networkError;
    return data<AuthActionData>({ ...answer, message }, { status: error.kind === "code" ? 400 : 503 });
  }
  throw error;
}

// Login and code requests are the abuse magnets: a first line per address before the platform's own limits.
const authLimiter = createRateLimiter({ name: "auth", windowMs: 60_000, max: env.AUTH_RATE_LIMIT_PER_MINUTE });

export async function action({ context }: ActionFunctionArgs) {
  const form = await context.visitor.ownForm();
  const wait = await authLimiter.hit(context.clientIp);
  if (wait > 0) {
    return data<AuthActionData>(
      { intent: "login", message: `操作过于频繁，请${wait}秒后再试` },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }
  const intent = formText(form, "intent");
  const redirectTo = safeRedirectTarget(formText(form, "redirect"), context.origin, BASE_PATH);
  const visitor = await context.visitor.read();
  const caller = await context.caller();
  const phone = formatPhoneInput(formText(form, "phone"));

  if (intent === "send-code") {
    const checked = validateSendCode({ phone: formText(form, "phone"), agreed: form.get("agreed") });
    if (!checked.ok) return data<AuthActionData>({ intent, phone, fieldErrors: checked.fieldErrors }, { status: 400 });
    try {
      await sendVerificationCode(caller, checked.value.phone);
    } catch (error) {
      return failure({ intent, phone }, error);
    }
    await context.visitor.rememberCodeSent(Date.now());
    return data<AuthActionData>({ intent, phone, sent: true, cooldown: CODE_COUNTDOWN_SECONDS, message: "验证码已发送" });
  }

  if (intent === "login") {
    const checked = validateLogin({
      mode: formText(form, "mode"),
      phone: formText(form, "phone"),
      code: formText(form, "code"),
      password: formText(form, "password"),
      agreed: form.get("agreed"),
    });
    if (!checked.ok) return data<AuthActionData>({ intent, phone, fieldErrors: checked.fieldErrors }, { status: 400 });
    const value = checked.value;
    let target = redirectTo;
    try {
      const session = await login(caller, {
        account: value.phone,
        deviceId: visitor.deviceId,
        ...(value.mode === "pass" ? { password: value.password } : { verifyCode: value.code }),
      });
      const userCaller = { ...caller, token: session.token };
      await fetchAccountAfterLogin(userCaller, session.user_id);
      const pending = interactionSchema.safeParse(await context.visitor.takePending());
      await context.visitor.startUserSession({ token: session.token, userId: session.user_id });
      // Spec: a visitor asked to log in for an action returns to that action, done.
      if (pending.success) {
        const result = await performInteraction(userCaller, pending.data, session.user_id);
        if (result.commentId) target = `${target.split("#")[0]}#c-${result.commentId}`;
      }
    } catch (error) {
      return failure({ intent, phone }, error);
    }
    await context.visitor.flashToast({ text: LOGIN_TEXTS.loginSuccess, kind: "success" });
    return redirect(redirectLocation(target, context.origin));
  }

  if (intent === "logout") {
    if (visitor.isLoggedIn) {
      // Spec section 4: an anonymous token first, then the user is cleared and the platform told.
      const anonToken = await fetchAnonymousToken({ ...caller, token: null }).catch(() => null);
      await logout(caller).catch((error: unknown) => logger.warn(`logout call failed: ${(error as Error).message}`));
      await context.visitor.endUserSession(anonToken);
      await context.visitor.flashToast({ text: LOGOUT_TEXT, kind: "success" });
    }
    return redirect(redirectLocation(redirectTo, context.origin));
  }

  return data<AuthActionData>({ intent: "login", message: "无效的操作" }, { status: 400 });
}

export default function AuthPage() {
  const { loggedIn, redirectTo, mode, cooldown } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AuthActionData | undefined;
  const { csrfToken } = useViewer();
  if (loggedIn) {
    return (
      <main className="auth-page">
        <h1 className="auth-page__title">退出登录</h1>
        <p className="auth-page__hint">确定要退出当前账号吗？</p>
        <Form method="post" className="auth-page__actions">
          <input type="hidden" name="csrf" value={csrfToken} />
          <input type="hidden" name="redirect" value={redirectTo} />
          <a className="button button--ghost" href={redirectTo}>
            取消
          </a>
          <button className="button" type="submit" name="intent" value="logout">
            确定退出
          </button>
        </Form>
      </main>
    );
  }
  return (
    <main className="auth-page">
      <LoginForm redirectTo={redirectTo} initialMode={mode} initialCooldown={cooldown} documentResult={actionData} />
    </main>
  );
}
