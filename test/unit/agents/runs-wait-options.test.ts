// runs.wait's own options of the wrong type are refused before anything is sent (invalid_option naming the option).
// Before, `pollIntervalMs: 0` polled the service in a tight loop, `"x"` was read as no wait at all, and a callback
// that is not a function threw a TypeError in the middle of the wait.
import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { AgentlineError } from "../../../src/core/errors.js";

describe("runs.wait options", () => {
  it("wrong types and a zero poll interval → invalid_option naming the option, 0 sent", async () => {
    let sent = 0;
    const client = new AgentsClient({
      apiKey: "k-wait-key",
      baseUrl: "https://api.example.com",
      fetch: async () => {
        sent++;
        return Response.json({ error: { code: "unexpected", message: "nothing should be sent" } }, { status: 500 });
      },
    });
    const wrong: Record<string, unknown[]> = {
      pollIntervalMs: [0, -1, "2000", Number.NaN],
      onStatus: [5, "log"],
      onEvent: [{}, true],
      stream: ["no", 0],
      streamOptions: [5, "x"],
    };
    let refused = 0;
    for (const [name, values] of Object.entries(wrong)) {
      for (const value of values) {
        const error = await client.runs.wait("bc-1", "run-1", { [name]: value } as never).catch((e: unknown) => e);
        expect(error, `${name}: ${String(value)}`).toBeInstanceOf(AgentlineError);
        expect((error as AgentlineError).code).toBe("invalid_option");
        expect((error as Error).message).toContain(`options.${name}`);
        refused++;
      }
    }
    expect(refused).toBe(12);
    expect(sent).toBe(0);
  });
});
