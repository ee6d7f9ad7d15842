import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { detectDevice } from "~/lib/device";
import { scheduleDesktopCheck } from "./desktop-redirect";

const DESKTOP_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN";
const MACINTOSH_UA = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15";
const PAGE = "https://share.example.cn/davmu/share/news/doc/2026/11/abc/index.html?_t=1";
const WRAP = { kind: "wrap" } as const;

function setUp({ ua = DESKTOP_UA, width = 1440, height = 900, touchPoints = 0, href = PAGE, framed = false } = {}) {
  const replace = vi.fn();
  const self = {};
  const url = new URL(href);
  vi.stubGlobal("window", {
    self,
    top: framed ? {} : self,
    innerWidth: width,
    innerHeight: height,
    setTimeout,
    clearTimeout,
  });
  vi.stubGlobal("location", { href, pathname: url.pathname, replace });
  vi.stubGlobal("navigator", { maxTouchPoints: touchPoints });
  return { replace, device: detectDevice(ua) };
}

describe("scheduleDesktopCheck", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("sends a desktop browser to the /pc wrapper after 200 ms", () => {
    const { replace, device } = setUp();
    scheduleDesktopCheck(device, WRAP);
    vi.advanceTimersByTime(199);
    expect(replace).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(replace).toHaveBeenCalledWith(`/davmu/share/pc?url=${encodeURIComponent(PAGE)}`);
  });

  it("keeps the phone page of an item with enable_pc false, and sends one with a pc_url there", () => {
    const stay = setUp();
    scheduleDesktopCheck(stay.device, { kind: "stay" });
    vi.advanceTimersByTime(200);
    expect(stay.replace).not.toHaveBeenCalled();
    vi.unstubAllGlobals();

    const own = setUp();
    scheduleDesktopCheck(own.device, { kind: "page", url: "https://www.example.org/pc/story" });
    vi.advanceTimersByTime(200);
    expect(own.replace).toHaveBeenCalledWith("https://www.example.org/pc/story");
  });

  it("sends a phone in a wide landscape window too", () => {
    const { replace, device } = setUp({ ua: PHONE_UA, width: 1200, height: 800 });
    scheduleDesktopCheck(device, WRAP);
    vi.advanceTimersByTime(200);
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it("leaves a phone in portrait alone", () => {
    const { replace, device } = setUp({ ua: PHONE_UA, width: 390, height: 844 });
    scheduleDesktopCheck(device, WRAP);
    vi.advanceTimersByTime(200);
    expect(replace).not.toHaveBeenCalled();
  });

  it("sends a Mac to the wrapper and keeps an iPad, which sends the same user agent, on the page", () => {
    const mac = setUp({ ua: MACINTOSH_UA });
    scheduleDesktopCheck(mac.device, WRAP);
    vi.advanceTimersByTime(200);
    expect(mac.replace).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();

    const ipad = setUp({ ua: MACINTOSH_UA, width: 834, height: 1194, touchPoints: 5 });
    scheduleDesktopCheck(ipad.device, WRAP);
    vi.advanceTimersByTime(200);
    expect(ipad.replace).not.toHaveBeenCalled();
  });

  it("never redirects inside a frame, on the wrapper page, or for bots and our own client", () => {
    const cases = [
      { framed: true },
      { href: "https://share.example.cn/davmu/share/pc?url=x" },
      { ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      { ua: `${DESKTOP_UA} davmu/3.2.0` },
    ];
    for (const options of cases) {
      const { replace, device } = setUp(options);
      scheduleDesktopCheck(device, WRAP);
      vi.advanceTimersByTime(200);
      expect(replace, JSON.stringify(options)).not.toHaveBeenCalled();
      vi.unstubAllGlobals();
    }
  });

  it("can be cancelled before it runs", () => {
    const { replace, device } = setUp();
    const cancel = scheduleDesktopCheck(device, WRAP);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(replace).not.toHaveBeenCalled();
  });
});
