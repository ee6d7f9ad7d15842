import { useEffect, useRef, useState } from "react";
import { pushOpenApp } from "~/client/events";
import { trackAppLaunch } from "~/client/tracking";
import { useAppOpenParams } from "~/hooks/use-app-open";
import { useRootData } from "~/hooks/use-root-data";
import { useMiniProgramMode, useWeChatState } from "~/hooks/use-wechat";
import { wechatShowsLaunchTips } from "~/lib/app-launch";
import { openTagExtinfo, type OpenTagProps } from "~/lib/wechat-open-tag";
import { openTagTemplate, weappTagPath } from "~/lib/wechat-open-tag-template";

type Box = { left: number; top: number; width: number; height: number };

/**
 * Not again once the tag has reported an error: the control underneath takes the taps again. No app tag where WeChat
 * shows the launch tips (Android, Harmony): the spec's layer answers 打开APP there.
 */
export function OpenTag(props: OpenTagProps) {
  const wechat = useWeChatState();
  const miniProgram = useMiniProgramMode();
  const device = useRootData()?.device;
  const [failed, setFailed] = useState(false);
  const extinfo = openTagExtinfo(useAppOpenParams());
  const appTag = wechat.openTagAppId !== "" && device !== undefined && !wechatShowsLaunchTips(device);
  const usable = !failed && !miniProgram && (props.kind === "weapp" ? props.username !== "" : appTag);
  return usable ? <OpenTagOverlay {...props} appId={wechat.openTagAppId} extinfo={extinfo} onError={() => setFailed(true)} /> : null;
}

/** Built with DOM calls: its `text/wxtag-template` template is a script no browser executes, so the CSP stays strict. */
export function OpenTagOverlay(props: OpenTagProps & { appId: string; extinfo: string; onError: () => void }) {
  const host = useRef<HTMLSpanElement>(null);
  const [box, setBox] = useState<Box | null>(null);

  // The overlay follows the control's box: it may be hidden at first (a closed dialog) or change size.
  useEffect(() => {
    const control = host.current?.previousElementSibling as HTMLElement | null;
    if (!control) return;
    const measure = () => setBox({ left: control.offsetLeft, top: control.offsetTop, width: control.offsetWidth, height: control.offsetHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(control);
    return () => observer.disconnect();
  }, []);

  const { kind, label, appId } = props;
  // The tag stays while the page re-renders: only its own attributes or size rebuild it.
  const onError = useRef(props.onError);
  onError.current = props.onError;
  const extinfo = kind === "app" ? props.extinfo : "";
  const username = kind === "weapp" ? props.username : "";
  const path = kind === "weapp" ? props.path : "";
  const width = box?.width ?? 0;
  const height = box?.height ?? 0;
  useEffect(() => {
    const container = host.current;
    if (!container || width === 0 || height === 0) return;
    const tag = document.createElement(kind === "app" ? "wx-open-launch-app" : "wx-open-launch-weapp");
    if (kind === "app") {
      tag.setAttribute("appid", appId);
      tag.setAttribute("extinfo", extinfo);
    } else {
      tag.setAttribute("username", username);
      if (weappTagPath(path)) tag.setAttribute("path", weappTagPath(path));
    }
    tag.className = "wx-open-tag__tag";
    const template = document.createElement("script");
    template.type = "text/wxtag-template";
    template.textContent = openTagTemplate({ label, width, height });
    tag.append(template);
    // WeChat opened the app (or the mini program): the funnel's attempt and its outcome, as the launcher reports them,
    // and for the app the spec's openApp push, as the launcher emits it.
    tag.addEventListener("launch", () => {
      if (kind === "app") pushOpenApp();
      trackAppLaunch("attempt");
      trackAppLaunch("opened");
    });
    tag.addEventListener("error", (event: Event) => {
      console.warn(`WeChat ${tag.localName} failed`, (event as CustomEvent<unknown>).detail);
      onError.current();
    });
    container.append(tag);
    return () => tag.remove();
  }, [kind, label, appId, extinfo, username, path, width, height]);

  return <span ref={host} className="wx-open-tag" style={box ? { left: box.left, top: box.top, width: box.width, height: box.height } : undefined} />;
}
