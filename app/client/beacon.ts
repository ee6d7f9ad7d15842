/** A form body is a CORS-safelisted type; a beacon survives the page closing, and a keepalive fetch stands in where beacons fail. */
export function sendBeacon(url: string, fields: Record<string, string>): void {
  const body = new URLSearchParams(fields);
  try {
    if (navigator.sendBeacon?.(url, body)) return;
  } catch {
    // Some webviews throw instead of answering false.
  }
  fetch(url, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => {});
}
