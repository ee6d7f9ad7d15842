/**
 * Posts `fields` as a form body (a CORS-safelisted type the host accepts as a POST) in a beacon, which survives the
 * page closing; where beacons are missing or refused, a keepalive fetch does the same.
 */
export function sendBeacon(url: string, fields: Record<string, string>): void {
  const body = new URLSearchParams(fields);
  try {
    if (navigator.sendBeacon?.(url, body)) return;
  } catch {
    // Some webviews throw instead of answering false.
  }
  fetch(url, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => {});
}
