import { vi } from "vitest";

// Run before each unit test file (vite.config.ts): the app's modules read their settings and keep their state
// (breakers, caches, limiters) once, at import, as in a process of their own, so each file imports them afresh.
vi.resetModules();
