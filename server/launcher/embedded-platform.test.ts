import { describe, expect, it } from "vitest";
import { demoPasswordFor } from "../../platform/demo-account";
import { draftPreviewUrls, embeddedPlatformNotes, liveBroadcastUrls } from "./embedded-platform";

describe("draftPreviewUrls", () => {
  it("links each draft's page under a preview actor, with its token in the preview parameter", () => {
    const draft = {
      content: { post_id: "p67oom79", content_type: "article", title: "【草稿】标题", publish_at: "2026-05-19T18:30:00.000Z" },
      preview_token: "eyJwaWQiOiJwNjdvb203OSJ9.sig-_",
    };
    const video = { ...draft, content: { ...draft.content, content_type: "video" } };
    expect(draftPreviewUrls("http://localhost:3000/davmu/share/", [draft, video])).toEqual([
      "http://localhost:3000/davmu/share/preview-editor/doc/2026/05/p67oom79/index.html?preview=eyJwaWQiOiJwNjdvb203OSJ9.sig-_  【草稿】标题",
      "http://localhost:3000/davmu/share/preview-editor/video/2026/05/p67oom79/index.html?preview=eyJwaWQiOiJwNjdvb203OSJ9.sig-_  【草稿】标题",
    ]);
  });
});

describe("liveBroadcastUrls", () => {
  it("links each live broadcast's local_live page", () => {
    const live = { post_id: "k3Pq9xZa", content_type: "local_live", title: "直播｜马拉松", publish_at: "2026-05-20T01:18:00.000Z" };
    expect(liveBroadcastUrls("http://localhost:3000/davmu/share/", [live])).toEqual([
      "http://localhost:3000/davmu/share/news/local_live/2026/05/k3Pq9xZa/index.html  直播｜马拉松",
    ]);
  });
});

describe("liveBroadcastUrls", () => {
  it("links each live broadcast's local_live page", () => {
    const live = { post_id: "k3Pq9xZa", content_type: "local_live", title: "直播｜马拉松", publish_at: "2026-05-20T01:18:00.000Z" };
    expect(liveBroadcastUrls("http://localhost:3000/davmu/share/", [live])).toEqual([
      "http://localhost:3000/davmu/share/news/local_live/2026/05/k3Pq9xZa/index.html  直播｜马拉松",
    ]);
  });
});

describe("embeddedPlatformNotes", () => {
  const env = { PLATFORM_DB_PATH: "data/platform.sqlite", platformDevKey: "0123456789abcdef0123", platformDevKeyIsEphemeral: true };
  const live = { post_id: "k3Pq9xZa", content_type: "local_live", title: "直播｜马拉松", publish_at: "2026-05-20T01:18:00.000Z" };
  const platform = { liveNow: () => [live], draftPreviews: () => [] };

  it("prints the outbox link with its key, and the demo account", () => {
    const { info } = embeddedPlatformNotes("http://localhost:3000", platform, env);
    expect(info.join("\n")).toContain("http://localhost:3000/_platform/dev/sms-outbox?key=0123456789abcdef0123");
    expect(info.join("\n")).toContain(`Demo account: phone 13800138000, password ${demoPasswordFor(env.platformDevKey)};`);
    expect(info.join("\n")).toContain("set PLATFORM_DEV_KEY");
    expect(embeddedPlatformNotes("http://localhost:3000", platform, { ...env, platformDevKeyIsEphemeral: false }).info.join("\n")).not.toContain(
      "PLATFORM_DEV_KEY",
    );
  });

  it("links what is live now and the drafts' previews", () => {
    const { links } = embeddedPlatformNotes("http://localhost:3000", platform, env);
    expect(links).toEqual([
      {
        msg: "Live now (the chat moves by itself)",
        urls: ["http://localhost:3000/davmu/share/news/local_live/2026/05/k3Pq9xZa/index.html  直播｜马拉松"],
      },
      { msg: "Draft previews (links valid 30 minutes)", urls: [] },
    ]);
  });
});
