import { LRUCache } from "lru-cache";
import { pageDevice, type PageDevice } from "~/lib/device";
import { singleton } from "~/singleton.server";

// User agents repeat: each is parsed once (a parse costs about a tenth of a millisecond).
const parsed = singleton("page-devices", () => new LRUCache<string, PageDevice>({ max: 2000 }));

/** pageDevice (lib/device.ts) of a request's user agent, remembered per user agent. */
export function pageDeviceOf(userAgent: string | null | undefined): PageDevice {
  const key = userAgent ?? "";
  let device = parsed.get(key);
  if (device === undefined) {
    device = pageDevice(userAgent);
    parsed.set(key, device);
  }
  return device;
}
