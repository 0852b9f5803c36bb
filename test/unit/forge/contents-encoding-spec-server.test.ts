import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentlineError, ValidationError } from "../../../src/core/errors.js";
import { contentBytes, ForgeClient } from "../../../src/forge/index.js";

// An independent forge written from the spec (not src/testing): files stored as bytes, served in base64 with
// line breaks every 60 characters, tarballs redirected (302) to a signed address on another origin.

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
async function serve(handler: Handler): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const TOKEN = "oit_secret_token_value_123";
const files = new Map<string, Uint8Array>();
/** Paths whose stored `content` is sent as is: a forge answer that is not base64. */
const rawContent = new Map<string, string>();
const seenAuthAtSigned: string[] = [];
const seenAtSigned: string[] = [];
let forge: { server: Server; origin: string };
let signed: { server: Server; origin: string };

function base64Lines(bytes: Uint8Array): string {
  const flat = Buffer.from(bytes).toString("base64");
  return (flat.match(/.{1,60}/g) ?? [""]).join("\n") + (flat.length > 0 ? "\n" : "");
}

beforeAll(async () => {
  signed = await serve((req, res) => {
    seenAtSigned.push(req.url ?? "");
    if (req.headers.authorization !== undefined) seenAuthAtSigned.push(req.headers.authorization);
    res.writeHead(200, { "content-type": "application/gzip" });
    res.end(Buffer.from([0x1f, 0x8b, 8, 0]));
  });
  forge = await serve((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { code: 16, message: "no", details: [] });
    const contents = url.pathname.match(/^\/v1\/forge\/repos\/acme\/web\/contents\/(.+)$/);
    if (contents?.[1]) {
      const path = decodeURIComponent(contents[1]);
      const raw = rawContent.get(path);
      if (raw !== undefined)
        return json(200, { type: "file", path, name: path, sha: "b".repeat(40), encoding: "base64", content: raw });
      const bytes = files.get(path);
      if (!bytes) return json(404, { code: 5, message: `not found ${path}`, details: [] });
      return json(200, {
        type: "file",
        path,
        name: path.split("/").at(-1),
        sha: "a".repeat(40),
        size: bytes.length,
        encoding: "base64",
        content: base64Lines(bytes),
      });
    }
    if (url.pathname.startsWith("/v1/forge/repos/acme/web/tarball/")) {
      res.writeHead(302, { location: `${signed.origin}/signed/archive.tar.gz?sig=abc&exp=900` });
      return res.end();
    }
    json(404, { code: 5, message: `${req.method} ${url.pathname}`, details: [] });
  });
});
afterAll(() => {
  forge.server.close();
  signed.server.close();
});

function client(fetchImpl?: typeof fetch) {
  const options = { token: TOKEN, baseUrl: forge.origin, maxRetries: 0, ...(fetchImpl ? { fetch: fetchImpl } : {}) };
  return new ForgeClient(options).repo("acme", "web");
}

function randomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out[i] = state >>> 24;
  }
  return out;
}

describe("file contents against an independent forge: base64 with line breaks", () => {
  it("round-trips text, binary, empty, large files and odd paths byte for byte", async () => {
    const enc = new TextEncoder();
    const cases: Array<[string, Uint8Array]> = [
      ["README.md", enc.encode("# hello\nworld\n")],
      ["empty.txt", new Uint8Array(0)],
      ["unicode/ünï cødé 😀.txt", enc.encode("naïve café — 😀 \u0000 end")],
      ["crlf.txt", enc.encode("a\r\nb\r\n")],
      ["bin/all-bytes.bin", Uint8Array.from({ length: 256 }, (_, i) => i)],
      ["bin/one.bin", new Uint8Array([0xff])],
      ["bin/two.bin", new Uint8Array([0xfe, 0xff])],
      ["dir with space/a+b=c&d?.txt", enc.encode("odd path")],
      ["percent%20name.txt", enc.encode("percent")],
      ["large/1mib.bin", randomBytes(1024 * 1024 + 3, 7)],
      ["large/invalid-utf8.bin", new Uint8Array([0xc3, 0x28, 0xa0, 0xa1])],
    ];
    for (let i = 0; i < 20; i++) cases.push([`random/${i}.bin`, randomBytes(i * 37, i + 1)]);
    for (const [path, bytes] of cases) files.set(path, bytes);
    const repo = client();
    const failures: string[] = [];
    for (const [path, bytes] of cases) {
      try {
        const got = await repo.contents.bytes(path);
        if (Buffer.compare(Buffer.from(got), Buffer.from(bytes)) !== 0) failures.push(`${path}: bytes differ`);
        const text = await repo.contents.text(path);
        if (text !== new TextDecoder().decode(bytes)) failures.push(`${path}: text differs`);
      } catch (error) {
        failures.push(`${path}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("file contents that are not base64", () => {
  it("reject with a ValidationError naming `content`, never a bare DOMException", async () => {
    const bad = ["@@@@", "YQ=a", "-_-_", "YW Jj!", "Y", "YWJj\u00e9"];
    for (const [i, content] of bad.entries()) rawContent.set(`bad/${i}.bin`, content);
    const repo = client();
    const failures: string[] = [];
    const judge = (label: string, error: unknown) => {
      if (!(error instanceof ValidationError)) failures.push(`${label}: ${(error as Error)?.constructor?.name}`);
      else if (!(error instanceof AgentlineError) || !JSON.stringify(error.issues).includes("content"))
        failures.push(`${label}: does not name content`);
    };
    for (const [i, content] of bad.entries()) {
      await repo.contents.bytes(`bad/${i}.bin`).then(
        () => failures.push(`bytes ${JSON.stringify(content)} resolved`),
        (error: unknown) => judge(`bytes ${JSON.stringify(content)}`, error),
      );
      await repo.contents.text(`bad/${i}.bin`).then(
        () => failures.push(`text ${JSON.stringify(content)} resolved`),
        (error: unknown) => judge(`text ${JSON.stringify(content)}`, error),
      );
      try {
        contentBytes({ type: "file", path: "x", encoding: "base64", content } as never);
        failures.push(`contentBytes ${JSON.stringify(content)} returned`);
      } catch (error) {
        judge(`contentBytes ${JSON.stringify(content)}`, error);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("tarball redirect to a signed address on another origin", () => {
  it("never sends the installation token to the signed-address host (global fetch and a wrapping fetch)", async () => {
    const leaks: string[] = [];
    const wrapping: typeof fetch = (input, init) => fetch(input, init);
    for (const [label, repo] of [
      ["default fetch", client()],
      ["wrapping fetch", client(wrapping)],
    ] as const) {
      const before = seenAtSigned.length;
      const tarball = await repo.contents.tarball("main");
      const bytes = new Uint8Array(await new Response(tarball.body).arrayBuffer());
      if (bytes[0] !== 0x1f) leaks.push(`${label}: archive not followed`);
      if (seenAtSigned.length !== before + 1) leaks.push(`${label}: signed address not reached once`);
      if (seenAuthAtSigned.length > 0) leaks.push(`${label}: Authorization sent: ${seenAuthAtSigned.join(",")}`);
    }
    expect(leaks).toEqual([]);
  });
});
