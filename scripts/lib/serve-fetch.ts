// Node http glue: serves any `(Request) => Promise<Response>` handler (the fake service) on 127.0.0.1.
// Lives in scripts/, not src/: the SDK itself never touches node:http.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

export interface ServedHandler {
  url: string;
  server: Server;
  close(): Promise<void>;
}

function toRequest(req: IncomingMessage, res: ServerResponse, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? "GET";
  const controller = new AbortController();
  // The client went away before the response finished: tell the handler (streams stop on it).
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    signal: controller.signal,
    // Node's Request needs this for a streamed body.
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  res.once("close", () => void reader.cancel().catch(() => {}));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

/** Serves `handler` on 127.0.0.1 (port 0 = any free port). A handler that throws drops the connection, like a network fault. */
export async function serveFetch(handler: (request: Request) => Promise<Response>, port = 0): Promise<ServedHandler> {
  let origin = "";
  const server = createServer((req, res) => {
    handler(toRequest(req, res, origin))
      .then((response) => writeResponse(response, res))
      .catch(() => {
        // The fake throws to simulate a lost connection: do exactly that.
        req.socket.destroy();
      });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${bound}`;
  return {
    url: origin,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
