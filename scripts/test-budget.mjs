// How long the whole `npm test` (tools check, typecheck, unit tests, build, browser tests) may take on a 2-core
// machine. The summary fails a run that took longer; Playwright stops a browser run that alone reaches it.
export const SUITE_BUDGET_MINUTES = 35;
