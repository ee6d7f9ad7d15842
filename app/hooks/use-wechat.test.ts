// @vitest-environment jsdom
import { act, createElement as h } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { expect, it } from "vitest";
import { updateWeChatState } from "~/client/wechat-state";
import { useWeChatState } from "~/hooks/use-wechat";

it("hydrates a component that reads WeChat's state without rendering it again, and renders it when WeChat answers", async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const renders: boolean[] = [];
  function OpenTags() {
    const { openTags } = useWeChatState();
    renders.push(openTags);
    return h("p", null, openTags ? "open tags" : "links");
  }
  const container = document.createElement("div");
  container.innerHTML = renderToString(h(OpenTags));
  document.body.append(container);
  renders.length = 0;
  await act(async () => {
    hydrateRoot(container, h(OpenTags));
  });
  // The server's snapshot and the client's state before WeChat answers are one: a second, synchronous render of
  // everything under the reader would follow hydration at once otherwise.
  expect(renders).toEqual([false]);
  await act(async () => updateWeChatState({ openTags: true }));
  expect(renders).toEqual([false, true]);
  expect(container.textContent).toBe("open tags");
});
