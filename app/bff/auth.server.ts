import { z } from "zod";
import { platformRequest, type Caller } from "~/bff/client.server";

// Spec section 7: anonymous and login bodies both go to POST /peony/v1/auth.
const APP_ID = 1;
const PLATFORM = "mobile";

export async function fetchAnonymousToken(caller: Caller): Promise<string> {
  const data = await platformRequest("/peony/v1/auth", caller, {
    method: "POST",
    body: { appid: APP_ID, platform: PLATFORM },
    schema: z.object({ token: z.string().min(1) }),
  });
  return data.token;
}

/** Spec section 7: a verification code for login is type 6. */
const VCODE_TYPE_LOGIN = 6;

export async function sendVerificationCode(caller: Caller, tel: string): Promise<void> {
  await platformRequest("/peony/v1/vcode", caller, { query: { tel, type: VCODE_TYPE_LOGIN }, schema: z.unknown() });
}

export type Credentials = { account: string; deviceId: string } & ({ verifyCode: string } | { password: string });

/**
 * Spec section 8: a login answer with a code other than 0 shows the platform's message. A code 0 without a session the
 * site can read (no data, wrong types) is the platform's fault, not the visitor's: an outage (kind 'invalid'), which the
 * login form answers with its network-error text and a 503 (issue 38).
 */
export function login(caller: Caller, credentials: Credentials): Promise<{ token: string; user_id: string }> {
  const secret = "verifyCode" in credentials ? { verify_code: credentials.verifyCode } : { password: credentials.password };
  return platformRequest("/peony/v1/auth", caller, {
    method: "POST",
    body: { appid: APP_ID, platform: PLATFORM, account: credentials.account, device_id: credentials.deviceId, ...secret },
    schema: z.object({ token: z.string().min(1), user_id: z.union([z.string(), z.number()]).transform(String) }),
  });
}

export async function logout(caller: Caller): Promise<void> {
  await platformRequest("/peony/v1/account/logout", caller, { method: "POST", body: {}, schema: z.unknown() });
}
