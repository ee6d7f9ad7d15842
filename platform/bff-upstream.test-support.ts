import { vi } from "vitest";
import { startTestPlatform, testIds } from "./test-platform";

/**
 * The embedded platform over a fresh seeded database, as the BFF's upstream: for tests of the contract itself
 * (real seed data through the real schemas). Like startFakePlatform, it must run before the module under test
 * is imported, since the BFF reads PLATFORM_API_URL once.
 */
export async function startBffUpstream() {
  const platform = await startTestPlatform();
  vi.stubEnv("PLATFORM_API_URL", `${platform.origin}/_platform`);
  const caller = { token: await platform.anonymousToken(), requestId: "bff-test" };
  return {
    platform,
    caller,
    /** The public id of a seed record (SEED_FIXTURES). */
    id: (dbId: number) => testIds.encode(dbId),
    /** The X-Request-Id header of each platform call `run` makes, by path. */
    async requestIds(run: () => Promise<unknown>): Promise<Record<string, string | null>> {
      const before = platform.received.length;
      await run();
      return Object.fromEntries(platform.received.slice(before).map(({ path, requestId }) => [path, requestId]));
    },
    async close() {
      vi.unstubAllEnvs();
      await platform.close();
    },
  };
}
