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
