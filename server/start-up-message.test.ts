import { describe, expect, it } from "vitest";
import { demoPasswordFor } from "../platform/demo-account";
import { startUpMessage } from "./start-up-message";

const embedded = { dbPath: "data/platform.sqlite", devKey: "0123456789abcdef0123", devKeyIsEphemeral: true };
const facts = { origin: "http://localhost:3000", production: true, embedded, sessionSecretIsEphemeral: false };

describe("startUpMessage", () => {
  it("prints the outbox link with its key, and the demo account, on the embedded platform", () => {
    const { info } = startUpMessage(facts);
    expect(info[0]).toBe("Listening on http://localhost:3000/davmu/share/");
    expect(info.join("\n")).toContain("http://localhost:3000/_platform/dev/sms-outbox?key=0123456789abcdef0123");
    expect(info.join("\n")).toContain(`Demo account: phone 13800138000, password ${demoPasswordFor(embedded.devKey)};`);
    expect(info.join("\n")).toContain("set PLATFORM_DEV_KEY");
    expect(startUpMessage({ ...facts, embedded: { ...embedded, devKeyIsEphemeral: false } }).info.join("\n")).not.toContain("PLATFORM_DEV_KEY");
  });

  it("warns once, in production on the embedded platform, saying what to set for a real one", () => {
    const { warning } = startUpMessage(facts);
    expect(warning).toMatch(/^WARNING: this is a demonstration platform/);
    expect(warning).toContain("PLATFORM_API_URL");
    expect(startUpMessage({ ...facts, production: false }).warning).toBeNull();
  });

  it("prints neither outbox nor demo account nor warning against a real platform", () => {
    const { info, warning } = startUpMessage({ ...facts, embedded: null, sessionSecretIsEphemeral: true });
    expect(info).toEqual(["Listening on http://localhost:3000/davmu/share/", "SESSION_SECRET is not set: sessions end when the process stops."]);
    expect(warning).toBeNull();
  });
});
