import { LRUCache } from "lru-cache";
import { pageDevice, shouldRedirectToPc, type PageDevice } from "~/lib/device";

type Known = { device: PageDevice; deviceClass: string; toPc: boolean };

// User agents repeat, so each is parsed once.
const known = new LRUCache<string, Known>({ max: 2000 });

function knownOf(userAgent: string | null | undefined): Known {
  const key = userAgent ?? "";
  let entry = known.get(key);
  if (entry === undefined) {
    const device = pageDevice(key);
    const deviceClass = Object.entries(device)
      .filter(([, value]) => value)
      .map(([name, value]) => (value === true ? name : `${name}=${value}`))
      .join(",");
    entry = { device, deviceClass, toPc: shouldRedirectToPc(key) };
    known.set(key, entry);
  }
  return entry;
}

export function pageDeviceOf(userAgent: string | null | undefined): PageDevice {
  return knownOf(userAgent).device;
}

export function deviceClass(userAgent: string): string {
  return knownOf(userAgent).deviceClass;
}

export function redirectsToPc(userAgent: string): boolean {
  return knownOf(userAgent).toPc;
}
