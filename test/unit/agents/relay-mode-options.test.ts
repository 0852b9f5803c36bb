// The options of relay mode: a path `baseUrl` (resolved against the page, refused without one), `credentials` on
// every Request, and the refusals that keep a typo from silently becoming relay mode.
import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentsClient, type AgentsClientOptions } from "../../../src/agents/index.js";
import { AgentlineError } from "../../../src/core/errors.js";

afterEach(() => vi.unstubAllGlobals());

/** A relay that records each Request and answers an empty agent list. */
function recorder() {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return Response.json({ items: [] });
  };
  return { requests, fetch };
}

/** The error `build` throws (or `undefined`). */
function thrownBy(build: () => unknown): unknown {
  try {
    build();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("a path baseUrl", () => {
  it("resolves against the page's address, and requests go there", async () => {
    vi.stubGlobal("location", { href: "https://app.example/teams/7/runs?tab=live#top" });
    const relay = recorder();
    for (const baseUrl of ["/api/agents", "/api/agents/", "/api/agents/v1"]) {
      const client = new AgentsClient({ baseUrl, fetch: relay.fetch });
      expect(client.baseUrl).toBe("https://app.example/api/agents");
      await client.agents.list();
    }
    expect(relay.requests.map((request) => request.url)).toEqual(
      Array(3).fill("https://app.example/api/agents/v1/agents"),
    );
  });

  it("is refused with invalid_option where there is no page address (Node, workerd), naming `location`", () => {
    expect("location" in globalThis).toBe(false);
    const error = thrownBy(() => new AgentsClient({ baseUrl: "/api/agents" }));
    expect(error).toBeInstanceOf(AgentlineError);
    expect(error).toMatchObject({ code: "invalid_option", message: expect.stringContaining("`location`") });
  });

  it("is refused when it is relative, protocol-relative, or given to a keyed client (0 clients built)", () => {
    vi.stubGlobal("location", { href: "https://app.example/page" });
    const attempts: Array<() => unknown> = [
      () => new AgentsClient({ baseUrl: "api/agents" }),
      () => new AgentsClient({ baseUrl: "//evil.example/api" }),
      () => new AgentsClient({ baseUrl: "/api/agents", apiKey: "key-abc" }),
    ];
    const codes = attempts.map((build) => (thrownBy(build) as AgentlineError | undefined)?.code);
    expect(codes).toEqual(["invalid_option", "invalid_option", "invalid_option"]);
  });
});

describe("credentials", () => {
  it("reaches every Request of relay-mode and keyed clients alike; unset leaves the runtime's default", async () => {
    const relay = recorder();
    const modes = ["omit", "same-origin", "include"] as const;
    for (const credentials of modes) {
      const relayMode = new AgentsClient({
        baseUrl: "https://app.example/api/agents",
        fetch: relay.fetch,
        credentials,
      });
      const keyed = new AgentsClient({
        apiKey: "key-abc",
        baseUrl: "https://api.example",
        fetch: relay.fetch,
        credentials,
      });
      await relayMode.agents.list();
      await keyed.runs.list("bc-1");
    }
    expect(relay.requests.map((request) => request.credentials)).toEqual(modes.flatMap((mode) => [mode, mode]));
    await new AgentsClient({ baseUrl: "https://app.example/api/agents", fetch: relay.fetch }).agents.list();
    expect(relay.requests.at(-1)?.credentials).toBe("same-origin");
  });
});

describe("refused options: invalid_option before anything is sent", () => {
  const relay = recorder();
  const base = { baseUrl: "https://app.example/api/agents", fetch: relay.fetch };
  const cases: Array<[string, Record<string, unknown>]> = [
    ...["", "INCLUDE", "cors", true, 1, null, {}].map((credentials): [string, Record<string, unknown>] => [
      `credentials ${JSON.stringify(credentials)}`,
      { credentials },
    ]),
    ...["true", 1, 0, null, {}].map((flag): [string, Record<string, unknown>] => [
      `dangerouslyAllowBrowser ${JSON.stringify(flag)}`,
      { dangerouslyAllowBrowser: flag },
    ]),
    // Only an absent key means relay mode: an unset environment variable must not become one.
    ...["", undefined, null, 42, {}, ["key"]].map((apiKey): [string, Record<string, unknown>] => [
      `apiKey ${JSON.stringify(apiKey) ?? "undefined"}`,
      { apiKey },
    ]),
  ];

  it.each(cases)("%s", (_name, extra) => {
    const error = thrownBy(() => new AgentsClient({ ...base, ...extra } as AgentsClientOptions));
    expect(error).toBeInstanceOf(AgentlineError);
    expect((error as AgentlineError).code).toBe("invalid_option");
    expect(relay.requests.length).toBe(0);
  });

  it("names the option in the message", () => {
    const messages = [
      thrownBy(() => new AgentsClient({ ...base, credentials: "cors" as RequestCredentials })),
      thrownBy(() => new AgentsClient({ ...base, dangerouslyAllowBrowser: "yes" as unknown as boolean })),
      thrownBy(() => new AgentsClient({ ...base, apiKey: undefined })),
    ].map((error) => (error as Error).message);
    expect(messages[0]).toContain("`options.credentials`");
    expect(messages[1]).toContain("`options.dangerouslyAllowBrowser`");
    expect(messages[2]).toMatch(/`apiKey`.*relay mode/);
  });
});
