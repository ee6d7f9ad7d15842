/** Spec section 9: the banner reads its configuration again this long after the page starts. */
export const BANNER_CONFIG_REREAD_MS = 500;

/** What the open-app banner shows of the site configuration (h5_config). */
export type BannerConfig = { name: string; description: string; logo: string };

/** The site's answer, or null for anything else (an error body, a proxy's page): the banner then keeps what it has. */
export function parseBannerConfig(body: unknown): BannerConfig | null {
  if (typeof body !== "object" || body === null) return null;
  const { name, description, logo } = body as Record<string, unknown>;
  return typeof name === "string" && typeof description === "string" && typeof logo === "string" ? { name, description, logo } : null;
}
