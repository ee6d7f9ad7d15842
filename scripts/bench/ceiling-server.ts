// The bare-server ceiling: one page's gzip bytes from a bare node:http server in a process of its own, nothing
// else per request. Started by ceiling.ts: `ceiling-server.ts <file.gz> <port>`; prints "listening" when it is.
import { readFileSync } from "node:fs";
import http from "node:http";

const [file, port] = process.argv.slice(2);
const body = readFileSync(file);
const headers = {
  "content-type": "text/html; charset=utf-8",
  "content-encoding": "gzip",
  "content-length": String(body.length),
  vary: "Accept-Encoding",
};
http
  .createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => console.log("listening"));
