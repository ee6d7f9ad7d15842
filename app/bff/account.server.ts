import { z } from "zod";
import { PlatformError, platformRequest, type Caller } from "~/bff/client.server";
import { platformUrl } from "~/bff/platform-url.server";
import { LOGIN_TEXTS } from "~/lib/login-form";
import { retryWhile } from "~/lib/retry";

const userSchema = z
  .object({
    user_id: z.union([z.string(), z.number()]).transform(String),
    alias: z.string().default(""),
    avatar: platformUrl,
  })
  .passthrough();
export type User = z.infer<typeof userSchema>;

/** The account exists but is not ready yet (right after registration). */
const ACCOUNT_NOT_READY = 402;

function isNotReady(result: User | PlatformError): boolean {
  return result instanceof PlatformError && result.code === ACCOUNT_NOT_READY;
}

export function fetchAccount(caller: Caller, userId: string): Promise<User> {
  return platformRequest(`/peony/v1/account/${encodeURIComponent(userId)}`, caller, { schema: userSchema });
}

/** Spec section 8: the 402 retries; other failures keep the platform's message. */
export async function fetchAccountAfterLogin(caller: Caller, userId: string): Promise<User> {
  const result = await retryWhile(
    () => fetchAccount(caller, userId).catch((error: unknown) => (error instanceof PlatformError ? error : Promise.reject(error))),
    isNotReady,
  );
  if (isNotReady(result)) throw new PlatformError("code", LOGIN_TEXTS.networkError, ACCOUNT_NOT_READY);
  if (result instanceof PlatformError) throw result;
  return result;
}
