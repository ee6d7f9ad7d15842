import { describe, expect, it } from "vitest";
import { startUpMessage } from "./start-up-message";

const embedded = { info: ["Embedded platform at http://localhost:3000/_platform (SQLite: data/platform.sqlite)"], links: [] };
const facts = { origin: "http://localhost:3000", production: true, embedded, sessionSecretIsEphemeral: false };

describe("startUpMessage", () => {
  it("prints the embedded platform's lines after the address", () => {
    expect(startUpMessage(facts).info).toEqual(["Listening on http://localhost:3000/davmu/share/", ...embedded.info]);
  });

  it("warns once, in production on the embedded platform, saying what to set for a real one", () => {
    const { warning } = startUpMessage(facts);
    expect(warning).toMatch(/^WARNING: this is a demonstration platform/);
    expect(warning).toContain("PLATFORM_API_URL");
    expect(startUpMessage({ ...facts, production: false }).warning).toBeNull();
  });

  it("prints neither the platform's lines nor the warning against a real platform", () => {
    const { info, warning } = startUpMessage({ ...facts, embedded: null, sessionSecretIsEphemeral: true });
    expect(info).toEqual(["Listening on http://localhost:3000/davmu/share/", "SESSION_SECRET is not set: sessions end when the process stops."]);
    expect(warning).toBeNull();
  });
});
