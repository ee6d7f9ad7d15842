import { connect } from "node:net";

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * Sends bytes exactly as written (a bad Host, an absolute-form target, any method) and reads the answer
 * until the server closes; fetch() would normalise or refuse such requests before they left.
 * The request should say `Connection: close`.
 */
export function rawRequest(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const [statusLine, ...lines] = text.slice(0, split).split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: text.slice(split + 4) });
    });
  });
}

/** A request from its head (request line and headers, without the blank line) and body; adds Content-Length and Connection: close. */
export function sendRaw(port: number, head: string, body = ""): Promise<RawAnswer> {
  const length = body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : "";
  return rawRequest(port, `${head}\r\n${length}Connection: close\r\n\r\n${body}`);
}
