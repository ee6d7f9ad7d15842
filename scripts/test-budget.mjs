// How long the whole `npm test` (tools check, typecheck, lint, unit tests, build, browser tests) may take on a 2-core
// machine. The summary fails a run that took longer; Playwright stops the browser tests where it ends. Lowered from 55
// to 30 when the profiles stopped rerunning what they do not change, raised to 40 when the edge, alert, trace,
// real-user and crawl specs came (docs/testing.md, "Where the time goes"); the aim is 15.
export const SUITE_BUDGET_MINUTES = 40;
