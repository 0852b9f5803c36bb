// The identifying header, per runtime and mode, checked on the requests that reach `fetch`. The browser check
// compares against the Fetch standard's CORS-safelisted request-headers, written here from the standard alone.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { VERSION } from "../../../src/core/version.js";
import { createFakeService } from "../../../src/testing/index.js";

const BASE_URL = "http://127.0.0.1:9";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Sends one GET and one POST through the fake and returns the headers `fetch` received, per method. */
async function sent(options: { identify?: boolean; headers?: Record<string, string> } = {}) {
  const fake = createFakeService();
  const seen: Request[] = [];
  const client = new AgentsClient({
    apiKey: "test-key",
    baseUrl: BASE_URL,
    fetch: (request) => {
      seen.push(request.clone());
      return fake.fetch(request);
    },
    ...options,
  });
  const { agent } = await client.agents.create({ prompt: { text: "x" } });
  await client.agents.get(agent.id);
  return seen.map((request) => ({ method: request.method, headers: Object.fromEntries(request.headers) }));
}

// Fetch standard, "CORS-safelisted request-header": these names, with these value rules; any other header a page
// adds makes the request non-simple, i.e. preflighted. (`range` is left out: the SDK never sends one.)
// biome-ignore lint/suspicious/noControlCharactersInRegex: the standard's CORS-unsafe bytes are control characters.
const UNSAFE_BYTE = /[\u0000-\u0008\u000a-\u001f"():<>?@[\\\]{}\u007f]/;
function isCorsSafelisted(name: string, value: string): boolean {
  if (new TextEncoder().encode(value).byteLength > 128) return false;
  switch (name.toLowerCase()) {
    case "accept":
      return !UNSAFE_BYTE.test(value);
    case "accept-language":
    case "content-language":
      return /^[0-9A-Za-z *,\-.;=]*$/.test(value);
    case "content-type": {
      if (UNSAFE_BYTE.test(value)) return false;
      const essence = value.split(";", 1)[0]?.trim().toLowerCase();
      return ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"].includes(essence ?? "");
    }
    default:
      return false;
  }
}

const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

describe("the identifying header", () => {
  it("VERSION equals package.json's version", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
  });

  const RUNTIMES: Array<{ name: string; stub: () => void; expected: string }> = [
    {
      name: "Node ≥ 21",
      stub: () => vi.stubGlobal("navigator", { userAgent: "Node.js/22" }),
      expected: "(Node.js/22)",
    },
    {
      name: "Deno",
      stub: () => vi.stubGlobal("Deno", { version: { deno: "2.1.4" } }),
      expected: "(Deno/2.1.4)",
    },
    { name: "Bun", stub: () => vi.stubGlobal("Bun", { version: "1.1.38" }), expected: "(Bun/1.1.38)" },
    {
      name: "workerd",
      stub: () => vi.stubGlobal("navigator", { userAgent: "Cloudflare-Workers" }),
      expected: "(workerd)",
    },
    { name: "no navigator (Node 20)", stub: () => vi.stubGlobal("navigator", undefined), expected: "" },
  ];

  for (const runtime of RUNTIMES) {
    it(`on ${runtime.name}: every request carries User-Agent agentline/<version> ${runtime.expected}`, async () => {
      runtime.stub();
      const requests = await sent();
      const expected = `agentline/${VERSION}${runtime.expected ? ` ${runtime.expected}` : ""}`;
      expect(requests.length).toBeGreaterThanOrEqual(2);
      expect(requests.filter((r) => r.headers["user-agent"] !== expected)).toEqual([]);
      expect(requests.filter((r) => "x-agentline-client" in r.headers)).toEqual([]);
    });
  }

  it("keeps a caller's User-Agent first, and sends nothing with identify: false", async () => {
    vi.stubGlobal("navigator", { userAgent: "Node.js/22" });
    const mine = await sent({ headers: { "User-Agent": "release-bot/3.1" } });
    expect(new Set(mine.map((r) => r.headers["user-agent"]))).toEqual(
      new Set([`release-bot/3.1 agentline/${VERSION} (Node.js/22)`]),
    );
    const off = await sent({ identify: false });
    expect(off.filter((r) => "user-agent" in r.headers || "x-agentline-client" in r.headers)).toEqual([]);
  });

  it("in a browser adds no header by default: a GET carries only safelisted headers besides the caller's credential", async () => {
    vi.stubGlobal("navigator", { userAgent: BROWSER_UA });
    const requests = await sent();
    const gets = requests.filter((r) => r.method === "GET");
    expect(gets).toHaveLength(1);
    const unsafe = gets.flatMap((r) =>
      Object.entries(r.headers).filter(([name, value]) => name !== "authorization" && !isCorsSafelisted(name, value)),
    );
    expect(unsafe).toEqual([]);
    // The identifying feature added nothing at all: the same headers as with identify: false.
    const off = await sent({ identify: false });
    const names = (list: typeof requests) => list.map((r) => Object.keys(r.headers).sort().join(","));
    expect(names(requests)).toEqual(names(off));
  });

  it("in a browser with identify: true sends X-Agentline-Client (and never tries User-Agent)", async () => {
    vi.stubGlobal("navigator", { userAgent: BROWSER_UA });
    const requests = await sent({ identify: true });
    expect(new Set(requests.map((r) => r.headers["x-agentline-client"]))).toEqual(
      new Set([`agentline/${VERSION} (browser)`]),
    );
    expect(requests.filter((r) => "user-agent" in r.headers)).toEqual([]);
    // The safelist check itself can fail: the opted-in header is not safelisted.
    expect(isCorsSafelisted("x-agentline-client", `agentline/${VERSION}`)).toBe(false);
    expect(isCorsSafelisted("accept", "application/json")).toBe(true);
  });
});
