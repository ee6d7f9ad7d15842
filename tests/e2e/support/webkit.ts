import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { test as base, expect } from "@playwright/test";
import { remote } from "webdriverio";
import { E2E_ORIGIN, E2E_PORT } from "./e2e-server";
import { fakeWeChatScript } from "./fake-wechat";
import { HYDRATION_COMMITTED, hydrationCommitState, hydrationCommittedAt } from "./hydration";
import { iphoneSafariUserAgent, miniProgramUserAgent } from "./user-agents";

/**
 * The WebKit project (playwright.config.ts): Debian's WebKitGTK MiniBrowser, driven through WebKitWebDriver by
 * WebdriverIO, in a phone-sized Xvfb screen with an iPhone Safari user agent, or another profile a spec asks for
 * (WEBKIT_PROFILES). Playwright's own WebKit cannot run here; the browser reaches the e2e server through the
 * network below.
 */

/** Debian's MiniBrowser (package webkit2gtk-driver), which WebKitWebDriver starts with --automation. */
export const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/** The iPhone 13's screen, in CSS pixels: the site tells phones from desktops by the screen's size. */
const SCREEN = { width: 390, height: 844 };

/**
 * Runs first in the site's entry script (see WebKitNetwork): keeps every uncaught error, unhandled rejection,
 * reported error (React 18's recoverable hydration errors go through window.reportError) and console error.
 */
const ERROR_WATCH = `{
  const errors = (window.__pageErrors = []);
  const record = (what) => errors.push(location.pathname + ": " + what);
  addEventListener("error", (event) => record(event.message));
  addEventListener("unhandledrejection", (event) => record(event.reason && event.reason.message ? event.reason.message : String(event.reason)));
  const consoleError = console.error.bind(console);
  console.error = (...args) => { record(args.map(String).join(" ")); consoleError(...args); };
}
`;

const ENTRY_SCRIPT = /\/assets\/entry\.client-[\w-]+\.js(\?|$)/;

/**
 * The browsers a WebKit spec can ask for with `test.use({ webkitProfile })`, each a session of its own: its user
 * agent, and the script that runs ahead of the site's entry script in every document (see WebKitNetwork).
 */
const WEBKIT_PROFILES = {
  "iphone-safari": { userAgent: iphoneSafariUserAgent, prelude: ERROR_WATCH },
  // A mini program's web-view on an iPhone, with WeChat's bridge faked as the Chromium projects fake it.
  "mini-program": { userAgent: miniProgramUserAgent, prelude: ERROR_WATCH + fakeWeChatScript({ miniProgram: true }) },
};
export type WebKitProfile = keyof typeof WEBKIT_PROFILES;

/**
 * The browser's network: a pass-through to the e2e server that wraps the site's entry script with a prelude, the
 * profile's ERROR_WATCH and fakes (no markup is added to the page, which React hydrates whole), and can go offline,
 * as WebDriver cannot. Requests reach the server as if sent to it directly (its host and origin), so CSRF checks
 * and redirects hold.
 */
export class WebKitNetwork {
  offline = false;
  private readonly sockets = new Set<Socket>();
  private readonly server = http.createServer((request, response) => this.forward(request, response));

  constructor(private readonly prelude: string) {
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  async start(): Promise<string> {
    this.server.listen(0, "127.0.0.1");
    await once(this.server, "listening");
    return `http://localhost:${(this.server.address() as AddressInfo).port}`;
  }

  /** Drops every open connection (event streams included) and refuses new requests until set back online. */
  setOffline(offline: boolean) {
    this.offline = offline;
    if (offline) for (const socket of this.sockets) socket.destroy();
  }

  async stop() {
    this.setOffline(true);
    this.server.close();
  }

  private forward(request: http.IncomingMessage, response: http.ServerResponse) {
    if (this.offline) return request.socket.destroy();
    const wrap = ENTRY_SCRIPT.test(request.url ?? "");
    const headers = { ...request.headers, host: new URL(E2E_ORIGIN).host };
    if (headers.origin) headers.origin = E2E_ORIGIN;
    if (headers.referer) headers.referer = headers.referer.replace(/^http:\/\/localhost:\d+/, E2E_ORIGIN);
    // The entry script is read whole to be wrapped: uncompressed, and never answered 304 from a cached copy.
    if (wrap) {
      headers["accept-encoding"] = "identity";
      delete headers["if-none-match"];
      delete headers["if-modified-since"];
    }
    const upstream = http.request(`${E2E_ORIGIN}${request.url}`, { method: request.method, headers }, (answer) => {
      // The production session cookie is Secure; unlike Chromium, WebKit keeps none from http://localhost. In
      // production the site is served over HTTPS, so here the network hands the cookie over as TLS would.
      if (answer.headers["set-cookie"])
        answer.headers["set-cookie"] = answer.headers["set-cookie"].map((cookie) => cookie.replace(/;\s*Secure/i, ""));
      if (!wrap || answer.statusCode !== 200) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const body = this.prelude + Buffer.concat(chunks).toString("utf8");
        const { "content-length": _length, etag: _etag, ...rest } = answer.headers;
        response.writeHead(200, { ...rest, "content-length": Buffer.byteLength(body) });
        response.end(body);
      });
    });
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  }
}

/** Xvfb with a phone-sized screen and WebKitWebDriver in it, on a port of this run's own. */
async function startDriver(port: number): Promise<ChildProcess> {
  const driver = spawn("xvfb-run", ["-a", "-s", `-screen 0 ${SCREEN.width}x${SCREEN.height}x24`, "WebKitWebDriver", `--port=${port}`], {
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let stderr = "";
  driver.stderr!.on("data", (chunk) => (stderr += chunk));
  await expect
    .poll(
      async () => {
        if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited: ${stderr}`);
        return fetch(`http://127.0.0.1:${port}/status`).then(
          (r) => r.ok,
          () => false,
        );
      },
      { message: "WebKitWebDriver answers", timeout: 30_000 },
    )
    .toBe(true);
  return driver;
}

/** Stops the driver and its screen, and waits for them: the next worker's driver takes the same port. */
async function stopDriver(driver: ChildProcess) {
  if (driver.exitCode !== null || driver.signalCode !== null || !driver.pid) return;
  const exited = once(driver, "exit");
  // xvfb-run, Xvfb and the driver are one process group of their own (detached).
  process.kill(-driver.pid, "SIGTERM");
  await exited;
}

export type WebKitBrowser = Awaited<ReturnType<typeof remote>>;

/** The page the WebKit browser shows, with the checks the WebKit specs make on it. */
export class WebKitPage {
  constructor(
    readonly browser: WebKitBrowser,
    readonly network: WebKitNetwork,
    readonly origin: string,
  ) {}

  /** Opens a site path (or an absolute URL) and waits for the load event. */
  async goto(path: string) {
    const target = new URL(path, this.origin);
    // WebKitWebDriver may answer before the new document replaced the old one, or drop a navigation asked for
    // while the old page is still busy: mark the old document, and ask again until a new one shows the address.
    await expect(async () => {
      await this.evaluate(() => ((window as unknown as { __left?: boolean }).__left = true)).catch(() => undefined);
      await this.browser.url(target.href);
      await this.poll(
        () => this.evaluate(() => document.readyState === "complete" && !(window as unknown as { __left?: boolean }).__left && location.pathname),
        `${path} loaded`,
        10_000,
      ).toBe(target.pathname);
    }, `${path} opened`).toPass({ timeout: 45_000 });
  }

  /**
   * Logs the browser in as a request context's login did: its cookies, set on this browser's origin (WebDriver sets
   * cookies for the open document's site only, so open a page first).
   */
  async adoptCookies(cookies: { name: string; value: string; path: string }[]) {
    await this.browser.setCookies(cookies.map(({ name, value, path }) => ({ name, value, path })));
  }

  $(selector: string) {
    return this.browser.$(selector);
  }

  /** Runs a self-contained function in the page. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<T> {
    return this.browser.execute(fn as never, ...(args as unknown as never[])) as Promise<T>;
  }

  /**
   * Polls a value in Node until it matches, as Playwright's expect.poll does. A read that fails (the page is
   * between documents, as after a reload WebKitWebDriver answered early) reads as undefined and is tried again.
   */
  poll<T>(read: () => Promise<T>, message: string, timeout?: number) {
    // A probe is one round trip to a local browser: probing often costs little and sees a change as it happens.
    return expect.poll(() => read().catch(() => undefined), { message, timeout, intervals: [100] });
  }

  text(selector: string) {
    return this.poll(() => this.evaluate((sel) => document.querySelector(sel)?.textContent?.trim() ?? null, selector), `text of ${selector}`);
  }

  attribute(selector: string, name: string) {
    return this.poll(
      () => this.evaluate((sel, attr) => document.querySelector(sel)?.getAttribute(attr) ?? null, selector, name),
      `${name} of ${selector}`,
    );
  }

  count(selector: string) {
    return this.poll(() => this.evaluate((sel) => document.querySelectorAll(sel).length, selector), `count of ${selector}`);
  }

  async waitForHydrationCommitted() {
    await this.poll(() => this.evaluate(hydrationCommitState), "React hydrated the page and committed it").toEqual(HYDRATION_COMMITTED);
  }

  /** Milliseconds from the start of the page's navigation to the commit waitForHydrationCommitted waits for. */
  async hydrationTime(): Promise<number> {
    await this.waitForHydrationCommitted();
    return (await this.evaluate(hydrationCommittedAt))!;
  }

  /** Waits until React has hydrated the element (its props are on the DOM node), as waitForHydration does. */
  async waitForHydration(selector = "body") {
    await this.poll(
      () =>
        this.evaluate((sel) => {
          const node = document.querySelector(sel);
          return Boolean(node && Object.keys(node).some((key) => key.startsWith("__reactProps$")));
        }, selector),
      `React hydrated ${selector}`,
    ).toBe(true);
  }

  /** What ERROR_WATCH kept since the page loaded; null when the entry script did not run (nothing hydrated). */
  pageErrors(): Promise<string[] | null> {
    return this.evaluate(() => (window as unknown as { __pageErrors?: string[] }).__pageErrors ?? null);
  }

  async click(selector: string) {
    const element = await this.$(selector);
    await element.waitForDisplayed();
    await this.browser.execute((node) => node.scrollIntoView({ block: "center" }), element as unknown as HTMLElement);
    await element.click();
  }

  /** Types as a person does, key by key, into the field. */
  async type(selector: string, text: string) {
    await this.click(selector);
    await this.typeFocused([...text]);
  }

  /**
   * Types key by key into the focused field, each key once the field has taken the one before: keys sent faster
   * than a controlled field re-renders (the phone field formats as it goes) are lost, as a thumb's never are.
   */
  async typeFocused(keys: string[]) {
    const value = () => this.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value ?? "");
    for (const key of keys) {
      const before = (await value()).length;
      await this.browser.keys([key]);
      await this.poll(async () => (await value()).length, `the field took "${key}"`).toBeGreaterThan(before);
    }
  }
}

/** The driver's port: beside this run's e2e server port, so runs sharing a machine stay apart. */
const DRIVER_PORT = E2E_PORT + 1000;

/**
 * One WebKit browser per worker, batching every flow into a single session (starting one takes seconds), with
 * its network. Logged-in state carries over between tests in file order. A spec that asks for another profile
 * runs in a worker, and a session, of its own.
 */
export const test = base.extend<{ webkit: WebKitPage }, { webkitProfile: WebKitProfile; webkitWorker: WebKitPage }>({
  webkitProfile: ["iphone-safari", { scope: "worker", option: true }],
  webkitWorker: [
    async ({ webkitProfile }, use, workerInfo) => {
      const profile = WEBKIT_PROFILES[webkitProfile];
      const network = new WebKitNetwork(profile.prelude);
      const origin = await network.start();
      const port = DRIVER_PORT + workerInfo.parallelIndex;
      const driver = await startDriver(port);
      const browser = await remote({
        hostname: "127.0.0.1",
        port,
        logLevel: "warn",
        capabilities: {
          browserName: "MiniBrowser",
          // WebKitWebDriver speaks classic WebDriver only.
          "wdio:enforceWebDriverClassic": true,
          "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation", `--user-agent=${profile.userAgent}`] },
        } as WebdriverIO.Capabilities,
      });
      await browser.setWindowSize(SCREEN.width, SCREEN.height);
      await use(new WebKitPage(browser, network, origin));
      await browser.deleteSession().catch(() => undefined);
      await stopDriver(driver);
      await network.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  webkit: async ({ webkitWorker }, use) => {
    webkitWorker.network.setOffline(false);
    await use(webkitWorker);
  },
});

export { expect };
