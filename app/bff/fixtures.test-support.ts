import { test, type TestAPI } from "vitest";
import { startBffUpstream } from "../../platform/bff-upstream.test-support";
import { startFakePlatform } from "./fake-platform.test-support";

type Loaders = Record<string, () => Promise<unknown>>;
type Loaded<L extends Loaders> = { [K in keyof L]: Awaited<ReturnType<L[K]>> };

/**
 * Adds a fixture for each module under test, imported once per file. Each depends on `upstream`, because the BFF reads
 * PLATFORM_API_URL once, at import: the upstream must have pointed it at itself before.
 */
function withModules<C extends { upstream: unknown }, L extends Loaders>(base: TestAPI<C>, loaders: L): TestAPI<C & Loaded<L>> {
  const fixtures = Object.entries(loaders).map(([name, load]) => {
    const fixture = async ({ upstream }: C, use: (loaded: unknown) => Promise<void>) => use(await load());
    return [name, [fixture, { scope: "file" }]];
  });
  // Vitest's fixture types cannot follow a mapped type over `loaders`; Loaded<L> says what each fixture gives.
  return base.extend(Object.fromEntries(fixtures)) as unknown as TestAPI<C & Loaded<L>>;
}

type BffUpstream = Awaited<ReturnType<typeof startBffUpstream>>;

/**
 * Tests over the embedded platform on a fresh seeded database as the BFF's upstream (`upstream`), with the modules
 * `loaders` names as fixtures of the same names: for tests of the contract itself (real seed data through the real schemas).
 */
export function bffTest<L extends Loaders>(loaders: L) {
  const withUpstream = test.extend<{ upstream: BffUpstream }>({
    upstream: [
      async ({}, use) => {
        const upstream = await startBffUpstream();
        await use(upstream);
        await upstream.close();
      },
      { scope: "file" },
    ],
  });
  return withModules(withUpstream, loaders);
}

type FakePlatform = Awaited<ReturnType<typeof startFakePlatform>>;

/**
 * Tests against a stand-in upstream whose answer each test sets (`platform`, with no answer and no request seen at the
 * start of each test), with the modules `loaders` names as fixtures of the same names.
 */
export function fakePlatformTest<L extends Loaders>(loaders: L, options: { timeoutMs?: number } = {}) {
  const withUpstream = test.extend<{ upstream: FakePlatform; platform: FakePlatform }>({
    upstream: [
      async ({}, use) => {
        const upstream = await startFakePlatform(options);
        await use(upstream);
        upstream.close();
      },
      { scope: "file" },
    ],
    platform: async ({ upstream }, use) => {
      upstream.reset();
      await use(upstream);
    },
  });
  return withModules(withUpstream, loaders);
}
