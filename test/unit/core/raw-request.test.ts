// `request()` on every client refuses, before the network, every path that could leave the API's base URL (another
// origin, `..`, `//`, query in the path, …) and every malformed field; and sends good paths exactly as written.
import { beforeAll, describe, expect, it } from "vitest";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { ValidationError } from "../../../src/core/errors.js";
import { ForgeApp, ForgeClient, generateAppKeyPair } from "../../../src/forge/index.js";

type AnyRequest = (request: Record<string, unknown>) => PromiseLike<unknown>;

let privateKey = "";
beforeAll(async () => {
  privateKey = (await generateAppKeyPair()).privateKey;
});

/** Every client's `request`, bound, on a `fetch` that records the URLs it is asked for. */
function clients(baseUrl = "http://127.0.0.1:9") {
  const urls: string[] = [];
  const fetch = async (request: Request) => {
    urls.push(request.url);
    if (request.url.endsWith("/access_tokens")) return Response.json({ token: "t", expiresAt: "2999-01-01T00:00:00Z" });
    return Response.json({});
  };
  const common = { baseUrl, fetch, maxRetries: 0 };
  const app = new ForgeApp({ appId: "app_1", privateKey, pointsBudget: false, ...common });
  const list: Array<[string, AnyRequest, string]> = [
    ["agents", (r) => new AgentsClient({ apiKey: "k", ...common }).request(r as never), ""],
    ["admin", (r) => new AdminClient({ apiKey: "k", rateBudgets: false, ...common }).request(r as never), ""],
    [
      "organization",
      (r) =>
        new OrganizationClient({ apiKey: "k", organizationId: "org_1", rateBudgets: false, ...common }).request(
          r as never,
        ),
      "",
    ],
    ["forge user", (r) => new ForgeClient({ token: "t", ...common }).request(r as never), "/v1/forge"],
    ["forge app", (r) => app.request(r as never), "/v1/forge"],
    ["forge installation", (r) => app.installation("inst_1").request(r as never), "/v1/forge"],
  ];
  return { urls, list };
}

const BAD_PATHS: unknown[] = [
  "",
  "v1/agents",
  "https://evil.example/v1/agents",
  "HTTP://127.0.0.1:9/v1/agents",
  "//evil.example/v1/agents",
  "javascript:alert(1)",
  "mailto:a@b.c",
  "/v1/agents?limit=1",
  "/v1/agents#top",
  "/v1/../admin",
  "/../v1/agents",
  "/v1/./agents",
  "/v1/agents/.",
  "/v1/agents/..",
  "/v1//agents",
  "/v1/%2e%2e/x",
  "/v1/%2E%2e/x",
  "/v1/.%2e/x",
  "/v1/%2e./x",
  "/v1/%2e/x",
  "/v1/agents%2f..%2fadmin",
  "/v1/agents/..%2f",
  "/v1/agents/..%5cx",
  "/v1\\..\\x",
  "/v1/agents/a b",
  "/v1/agents/\u0000",
  "/v1/agents/\n",
  "/v1/agents/{id}",
  "/v1/agents/\uD800",
  42,
  null,
  undefined,
  {},
];

describe("request(): paths that would leave the API are refused before the network", () => {
  it(`sweep: 6 clients × ${BAD_PATHS.length} bad paths: 0 sent, each a request ValidationError naming \`path\``, async () => {
    const { urls, list } = clients();
    const wrong: string[] = [];
    let swept = 0;
    for (const [name, request] of list) {
      for (const path of BAD_PATHS) {
        swept++;
        const error = await Promise.resolve(request({ method: "GET", path })).then(
          () => undefined,
          (e: unknown) => e,
        );
        if (!(error instanceof ValidationError) || error.path !== "path" || error.direction !== "request")
          wrong.push(`${name} ${JSON.stringify(path)}: ${String(error)}`);
      }
    }
    expect(swept).toBe(6 * BAD_PATHS.length);
    expect(wrong).toEqual([]);
    expect(urls).toEqual([]);
  });

  it("refuses bad methods and fields the same way, naming each", async () => {
    const { urls, list } = clients();
    const BAD: Array<[Record<string, unknown>, string]> = [
      [{ method: "CONNECT", path: "/x" }, "method"],
      [{ method: "TRACE", path: "/x" }, "method"],
      [{ method: "GET x", path: "/x" }, "method"],
      [{ method: 1, path: "/x" }, "method"],
      [{ path: "/x" }, "method"],
      [{ method: "GET", path: "/x", query: "a=1" }, "query"],
      [{ method: "GET", path: "/x", idempotent: "yes" }, "idempotent"],
      [{ method: "POST", path: "/x", idempotencyKey: "" }, "idempotencyKey"],
      [{ method: "GET", path: "/x", schema: {} }, "schema"],
    ];
    const wrong: string[] = [];
    for (const [name, request] of list) {
      for (const [input, field] of BAD) {
        const error = await Promise.resolve(request(input)).then(
          () => undefined,
          (e: unknown) => e,
        );
        if (!(error instanceof ValidationError) || error.path !== field) wrong.push(`${name} ${JSON.stringify(input)}`);
      }
      const notObject = await Promise.resolve(request(null as never)).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (!(notObject instanceof ValidationError)) wrong.push(`${name} null request`);
    }
    expect(wrong).toEqual([]);
    expect(urls).toEqual([]);
  });

  it("sends good paths exactly below the base URL (a base path kept, encoded segments untouched)", async () => {
    const GOOD = [
      "/v1/agents",
      "/v1/agents/",
      "/v1/agents/a%2Fb",
      "/v1/agents/x.y",
      "/v1/agents/...",
      "/v1/agents/%zz",
    ];
    const { urls, list } = clients("https://example.test/api/proxy");
    const expected: string[] = [];
    for (const [, request, prefix] of list) {
      for (const path of GOOD) {
        await request({ method: "GET", path });
        expected.push(`https://example.test/api/proxy${prefix}${path}`);
      }
    }
    expect(urls.filter((url) => !url.endsWith("/access_tokens"))).toEqual(expected);
  });
});
