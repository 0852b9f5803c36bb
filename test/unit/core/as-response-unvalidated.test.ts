// `asResponse()` is the way out when the SDK's reading of an answer is in the way (openai-node's meaning): it gives the
// `Response` as the server sent it, without parsing or validating the body. `request(…).asResponse()` does (swept in
// raw-request-response-body.test.ts), and so do the built-in methods' calls.
import { describe, expect, it } from "vitest";
import { AdminClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { ForgeClient } from "../../../src/forge/index.js";

/** Answers that break every response schema of these calls: not the expected shape, and not JSON at all. */
const ANSWERS: Array<[string, () => Response]> = [
  ["a JSON body of another shape", () => Response.json({ unexpected: true })],
  [
    "a body that is not JSON",
    () => new Response("<html>maintenance</html>", { headers: { "content-type": "text/html" } }),
  ],
];

describe("asResponse() on built-in methods", () => {
  it("sweep: 5 calls of 3 clients × 2 answers: asResponse() resolves with the exact body", async () => {
    let answer: () => Response = () => Response.json({});
    const common = { baseUrl: "http://127.0.0.1:9", fetch: async () => answer(), maxRetries: 0 };
    const agents = new AgentsClient({ apiKey: "agents-key-1", ...common });
    const admin = new AdminClient({ apiKey: "team-key-1", rateBudgets: false, ...common });
    const forge = new ForgeClient({ token: "user-token-1", ...common });
    const calls: Array<[string, () => { asResponse(): Promise<Response> }]> = [
      ["agents.get", () => agents.agents.get("bc-1")],
      ["agents.archive", () => agents.agents.archive("bc-1")],
      ["admin members.list", () => admin.members.list()],
      ["forge repo.get", () => forge.repo("acme", "widgets").get()],
      ["forge labels.get", () => forge.repo("acme", "widgets").labels.get("bug")],
    ];
    const wrong: string[] = [];
    for (const [call, start] of calls) {
      for (const [what, make] of ANSWERS) {
        answer = make;
        const expected = await make().text();
        try {
          const response = await start().asResponse();
          if ((await response.text()) !== expected) wrong.push(`${call}, ${what}: another body`);
        } catch (error) {
          wrong.push(`${call}, ${what}: ${(error as Error).constructor.name}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
