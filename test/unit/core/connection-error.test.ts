// ConnectionError says what is wrong: the method, the URL (origin and path only) and the network code, as
// properties and in the message. Over real sockets: a closed port on 127.0.0.1 and a name that cannot resolve.
import { createServer } from "node:net";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { AdminClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { ConnectionError } from "../../../src/core/errors.js";
import { ForgeClient } from "../../../src/forge/index.js";

/** A port that was just free: listen on an ephemeral one, then close it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const quick = { maxRetries: 0, timeoutMs: 10_000 };

describe("ConnectionError", () => {
  it("names method, URL without query and ECONNREFUSED for a closed port, for all three APIs", async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    const calls: Array<[string, string, () => PromiseLike<unknown>]> = [
      [
        "GET",
        "/v1/agents",
        () => new AgentsClient({ apiKey: "sk_test_key_123456", baseUrl, ...quick }).agents.list({ limit: 5 }),
      ],
      [
        "GET",
        "/teams/members",
        () => new AdminClient({ apiKey: "key_team_123456", baseUrl, rateBudgets: false, ...quick }).members.list(),
      ],
      [
        "GET",
        "/v1/forge/installation/repos",
        () =>
          new ForgeClient({ token: "oit_abcdefgh12345678", baseUrl, ...quick }).installationRepos.list({ pageSize: 3 }),
      ],
    ];
    for (const [method, path, call] of calls) {
      const error = (await Promise.resolve(call()).catch((e: unknown) => e)) as ConnectionError;
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error.method).toBe(method);
      expect(error.url).toBe(`${baseUrl}${path}`);
      expect(error.causeCode).toBe("ECONNREFUSED");
      expect(error.message).toContain(`${method} ${baseUrl}${path} `);
      expect(error.message).toContain("(ECONNREFUSED)");
      expect(error.message).toMatch(/check `baseUrl`/);
      expect(error.message).not.toContain("?");
      expect(error.toJSON()).toMatchObject({ method, url: `${baseUrl}${path}`, causeCode: "ECONNREFUSED" });
      expect(inspect(error)).toContain("ECONNREFUSED");
    }
  });

  it("names the lookup error for a host name that cannot resolve", async () => {
    // No internet here: the resolver answers ENOTFOUND or EAI_AGAIN; either is fine, but one must be named.
    const client = new AgentsClient({
      apiKey: "sk_test_key_123456",
      baseUrl: "http://agentline-nonexistent.invalid",
      ...quick,
    });
    const error = (await client.agents.get("bc-1").catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.causeCode).toMatch(/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/);
    expect(error.message).toContain(`GET http://agentline-nonexistent.invalid/v1/agents/bc-1 `);
    expect(error.message).toContain(`(${error.causeCode})`);
    expect(error.message).toMatch(/did not resolve/);
  });

  it("reads the code one level down (undici), and names none when the cause has none", async () => {
    const nested = new AgentsClient({
      apiKey: "k",
      baseUrl: "https://api.example.test",
      maxRetries: 0,
      fetch: async () => {
        throw new TypeError("fetch failed", {
          cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }),
        });
      },
    });
    const withCode = (await nested.agents.get("bc-1").catch((e: unknown) => e)) as ConnectionError;
    expect(withCode.causeCode).toBe("UND_ERR_SOCKET");
    expect(withCode.message).toContain("fetch failed: other side closed");

    const bare = new AgentsClient({
      apiKey: "k",
      baseUrl: "https://api.example.test",
      maxRetries: 0,
      fetch: async () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const withoutCode = (await bare.agents.get("bc-1").catch((e: unknown) => e)) as ConnectionError;
    expect(withoutCode.causeCode).toBeUndefined();
    expect(withoutCode.message).toBe(
      "GET https://api.example.test/v1/agents/bc-1 failed before a complete response arrived: Failed to fetch.",
    );
  });

  it("ends its message with one period when the cause's own message ends with one (or with spaces)", async () => {
    const messages: string[] = [];
    for (const thrown of ["The socket closed.", "reset by peer. ", "dropped (fault)..", "no period"]) {
      const client = new AgentsClient({
        apiKey: "k",
        baseUrl: "https://api.example.test",
        maxRetries: 0,
        fetch: async () => {
          throw new TypeError(thrown);
        },
      });
      messages.push(((await client.agents.get("bc-1").catch((e: unknown) => e)) as ConnectionError).message);
    }
    expect(messages.filter((message) => !/[^.\s]\.$/.test(message))).toEqual([]);
  });

  it("refuses a baseUrl with credentials in it, so no URL the SDK prints can carry them", () => {
    expect(() => new AgentsClient({ apiKey: "k", baseUrl: "https://user:pass@api.example.test" })).toThrow(
      /must not carry credentials/,
    );
  });
});
