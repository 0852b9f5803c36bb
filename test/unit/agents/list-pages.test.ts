// A list page keeps what the server sends beyond `items` and `nextCursor` (unknown fields pass through), against an
// independent handler written from the spec's list envelope.
import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";

const SUMMARY = { id: "bc-1", status: "ACTIVE", env: { type: "cloud" }, url: "https://x/agents/bc-1" };
const TIMES = { createdAt: "2030-01-01T00:00:00Z", updatedAt: "2030-01-01T00:00:00Z" };
const RUN = { id: "run-1", agentId: "bc-1", status: "RUNNING", ...TIMES };

function client(pages: Record<string, unknown>) {
  const fetch = async (request: Request) => Response.json(pages[new URL(request.url).pathname]);
  return new AgentsClient({ apiKey: "k", baseUrl: "https://api.example.test", fetch });
}

describe("list pages", () => {
  it("keep the envelope's unknown fields on agents.list and runs.list: 2 lists × 2 fields, 0 dropped", async () => {
    const extra = { totalCount: 1, futureField: { kept: true } };
    const api = client({
      "/v1/agents": { items: [{ ...SUMMARY, ...TIMES }], ...extra },
      "/v1/agents/bc-1/runs": { items: [RUN], nextCursor: null, ...extra },
    });
    const pages = [await api.agents.list(), await api.runs.list("bc-1")];
    const dropped = pages.flatMap((page) =>
      Object.keys(extra).filter((key) => (page as unknown as Record<string, unknown>)[key] === undefined),
    );
    expect(dropped).toEqual([]);
    expect(pages.map((page) => [page.items.length, page.nextCursor])).toEqual([
      [1, undefined],
      [1, undefined],
    ]);
    expect((pages[0] as unknown as typeof extra).futureField).toEqual({ kept: true });
  });
});
