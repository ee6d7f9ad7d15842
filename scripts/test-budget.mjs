// How long the whole `npm test` (tools check, typecheck, unit tests, build, browser tests) may take on a 2-core
// machine. The summary fails a run that took longer; Playwright stops a browser run that alone reaches it. Raised from
// 35 to 55 when the old budget stopped a run on a slower 2-core machine at 39 (docs/testing.md); the aim is far lower, not higher.
export const SUITE_BUDGET_MINUTES = 55;
