// A query value the wire cannot carry as given is refused before the network, naming the key: `URLSearchParams`
// never refuses one, it sends `[object Object]` for an object and U+FFFD for a lone surrogate, so the service would
// get another value than the caller's (or than the cursor it wrote itself), silently. Over fetch.
import { describe, expect, it } from "vitest";
import { AdminClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { ValidationError } from "../../../src/core/errors.js";

const AGENT = {
  id: "bc-00000000-0000-4000-8000-000000000001",
  name: "a",
  status: "ACTIVE",
  env: { type: "cloud" },
  url: "https://agents.example.com/a",
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
};

function service(pages: string[]) {
  const sent: URL[] = [];
  const fetch = async (request: Request) => {
    sent.push(new URL(request.url));
    const body = pages[Math.min(sent.length - 1, pages.length - 1)] as string;
    return new Response(body, { headers: { "content-type": "application/json" } });
  };
  return { sent, client: new AgentsClient({ apiKey: "k-query-key", baseUrl: "https://api.example.com", fetch }) };
}

async function rejection(act: () => Promise<unknown>): Promise<unknown> {
  return act().then(
    () => undefined,
    (error: unknown) => error,
  );
}

function expectRefused(error: unknown, key: string, rule: string): void {
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).issues).toEqual([expect.objectContaining({ path: key, rule })]);
}

describe("query values the wire would change", () => {
  it("request(): an object, a function, a symbol or a lone surrogate → ValidationError naming the key, 0 sent", async () => {
    const { sent, client } = service(['{"items":[]}']);
    const wrong: Array<[unknown, string]> = [
      [{ a: 1 }, "type"],
      [() => 1, "type"],
      [Symbol("s"), "type"],
      [[1, { a: 1 }], "type"],
      ["x\uD800y", "well_formed"],
      [["ok", "\uDC00"], "well_formed"],
    ];
    for (const [value, rule] of wrong) {
      const error = await rejection(() =>
        client.request({ method: "GET", path: "/v1/agents", query: { filter: value } as never }),
      );
      expectRefused(error, "filter", rule);
    }
    expect(sent).toHaveLength(0);
  });

  it("a typed list: a cursor with a lone surrogate is refused, not sent as U+FFFD", async () => {
    const { sent, client } = service(['{"items":[]}']);
    expectRefused(await rejection(() => client.agents.list({ cursor: "c\uD800" })), "cursor", "well_formed");
    expect(sent).toHaveLength(0);
  });

  it("an Admin list: an object among the params is refused by name, not sent as [object Object]", async () => {
    const sent: string[] = [];
    const fetch = async (request: Request) => {
      sent.push(request.url);
      return Response.json({ groups: [] });
    };
    const admin = new AdminClient({ apiKey: "team-query-key", baseUrl: "https://api.example.com", fetch });
    expectRefused(await rejection(() => admin.directoryGroups.list({ filter: { a: 1 } } as never)), "filter", "type");
    expect(sent).toHaveLength(0);
  });

  it("a next page whose cursor the service wrote with a lone surrogate stops with a ValidationError, not a wrong page", async () => {
    const first = JSON.stringify({ items: [AGENT], nextCursor: "PLACEHOLDER" }).replace("PLACEHOLDER", "c\\ud800");
    const { sent, client } = service([first, '{"items":[]}']);
    const error = await rejection(async () => {
      for await (const _ of client.agents.list()) {
        // reading every page
      }
    });
    expectRefused(error, "cursor", "well_formed");
    expect(sent).toHaveLength(1);
  });

  it("what the wire can carry goes as written: text beyond ASCII, numbers, booleans, repeated keys", async () => {
    const { sent, client } = service(['{"items":[]}']);
    await client.request({
      method: "GET",
      path: "/v1/agents",
      query: { name: "r\u00e9sum\u00e9 \u{1F511}", limit: 5, archived: false, tag: ["a", "b"], skip: undefined },
    });
    const params = sent[0]?.searchParams;
    expect(params?.get("name")).toBe("r\u00e9sum\u00e9 \u{1F511}");
    expect(params?.get("limit")).toBe("5");
    expect(params?.get("archived")).toBe("false");
    expect(params?.getAll("tag")).toEqual(["a", "b"]);
    expect(params?.has("skip")).toBe(false);
  });
});
