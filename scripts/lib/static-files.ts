// A fetch handler that serves a built web app (a folder such as examples/react-live-run/dist) read-only: GET and
// HEAD of its files, `index.html` for a folder, 404 for anything else. Node-only (node:fs), like the rest of
// scripts/lib; serve it with serveFetch().
import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });
}

/** The file under `root` that `pathname` names, or undefined when it escapes `root` or is malformed. */
function fileOf(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const file = resolve(root, `.${decoded}`);
  return file === root || file.startsWith(root + sep) ? file : undefined;
}

/** A `(Request) => Promise<Response>` serving the files under `folder`. */
export function staticFiles(folder: string): (request: Request) => Promise<Response> {
  const root = resolve(folder);
  return async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return plain(405, "method not allowed", { allow: "GET, HEAD" });
    }
    let file = fileOf(root, new URL(request.url).pathname);
    if (!file) return plain(404, "not found");
    const info = await stat(file).catch(() => undefined);
    if (info?.isDirectory()) file = join(file, "index.html");
    const body = await readFile(file).catch(() => undefined);
    if (!body) return plain(404, "not found");
    const headers = {
      "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
      "content-length": String(body.byteLength),
      // A local preview: always revalidate, so a rebuilt example shows at once.
      "cache-control": "no-cache",
    };
    return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { headers });
  };
}
