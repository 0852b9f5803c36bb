import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A Cloud Agents upstream written from the spec with Node's own http server (not the SDK's fake): each test scripts
// its answers, and the server counts the connections still open and the bytes it managed to write.

export type UpstreamHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface ScriptedUpstream {
  url: string;
  /** Requests received, as `METHOD /path?query` with their headers. */
  seen: Array<{ line: string; headers: IncomingMessage["headers"] }>;
  /** Answers whose connection is still open. */
  open(): number;
  /** Bytes of answer bodies written so far (accepted by the socket). */
  written(): number;
  close(): Promise<void>;
}

export async function scriptedUpstream(handler: UpstreamHandler): Promise<ScriptedUpstream> {
  const seen: ScriptedUpstream["seen"] = [];
  let open = 0;
  let written = 0;
  const server = createServer((request, response) => {
    open++;
    response.once("close", () => open--);
    seen.push({ line: `${request.method} ${request.url}`, headers: request.headers });
    const write = response.write.bind(response) as (chunk: string | Uint8Array) => boolean;
    response.write = ((chunk: string | Uint8Array) => {
      written += typeof chunk === "string" ? chunk.length : chunk.byteLength;
      return write(chunk);
    }) as typeof response.write;
    request.resume();
    request.once("end", () => handler(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    open: () => open,
    written: () => written,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits until `condition()` holds (polled every 10 ms), at most `ms`. */
export async function eventually(condition: () => boolean, ms = 2_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}
