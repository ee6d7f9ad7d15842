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

/** Spec section 7. */
const VCODE_TYPE_LOGIN = 6;

export async function sendVerificationCode(caller: Caller, tel: string): Promise<void> {
  await platformRequest("/peony/v1/vcode", caller, { query: { tel, type: VCODE_TYPE_LOGIN }, schema: z.unknown() });
}

export type Credentials = { account: string; deviceId: string } & ({ verifyCode: string } | { password: string });

/** Spec section 8. A code 0 without a readable session is the platform's fault: an outage, not the visitor's. */
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
