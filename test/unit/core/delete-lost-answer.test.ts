// A DELETE whose answer is lost: the first attempt deletes, the connection drops before the answer, the client
// retries, and the server answers 404 because the thing is gone. The call must report the deletion, not a 404 for
// something it deleted itself. Served by a plain node:http server (not the fake), which drops the first answer.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { NotFoundError } from "../../../src/core/errors.js";
import { ForgeClient } from "../../../src/forge/index.js";

let server: Server;
let base = "";
/** What each path saw: how many DELETEs, and whether the thing still exists. */
const seen = new Map<string, { deletes: number; exists: boolean; dropFirst: boolean }>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    const entry = seen.get(path);
    request.resume();
    request.on("end", () => {
      if (!entry || request.method !== "DELETE") {
        response.writeHead(500).end();
        return;
      }
      entry.deletes++;
      if (!entry.exists) {
        response.writeHead(404, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { code: "not_found", message: "not found" } }));
        return;
      }
      entry.exists = false;
      if (entry.dropFirst) {
        request.socket.destroy(); // deleted, but the answer never arrives
        return;
      }
      if (path.startsWith("/v1/agents/")) {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ id: path.split("/").at(-1) }));
      } else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const agents = () => new AgentsClient({ apiKey: "key", baseUrl: base, maxRetries: 2 });
const forge = () => new ForgeClient({ token: "user-token", baseUrl: base, maxRetries: 2 });

/** The DELETEs of both APIs whose success the client can state without the lost answer. */
const CASES: Array<{ name: string; path: string; call: () => Promise<unknown>; data: unknown }> = [
  { name: "agents.delete", path: "/v1/agents/bc-1", call: () => agents().agents.delete("bc-1"), data: { id: "bc-1" } },
  {
    name: "labels.delete",
    path: "/v1/forge/repos/acme/web/labels/bug",
    call: () => forge().repo("acme", "web").labels.delete("bug"),
    data: undefined,
  },
  {
    name: "comments.delete",
    path: "/v1/forge/repos/acme/web/pulls/comments/cmt_1",
    call: () => forge().repo("acme", "web").pulls.comments.delete("cmt_1"),
    data: undefined,
  },
  {
    name: "rulesets.delete",
    path: "/v1/forge/repos/acme/web/rulesets/rs_1",
    call: () => forge().repo("acme", "web").rulesets.delete("rs_1"),
    data: undefined,
  },
  {
    name: "pullLabels.removeAll",
    path: "/v1/forge/repos/acme/web/pulls/7/labels",
    call: () => forge().repo("acme", "web").pulls.labels.removeAll("7"),
    data: undefined,
  },
];

describe("a DELETE whose answer is lost", () => {
  it.each(CASES)("$name: the retry's 404 is the earlier attempt's deletion, reported as done", async (item) => {
    seen.set(item.path, { deletes: 0, exists: true, dropFirst: true });
    await expect(item.call()).resolves.toEqual(item.data);
    expect(seen.get(item.path)?.deletes).toBe(2);
  });

  it.each(CASES)("$name: a 404 on the first attempt is still a NotFoundError", async (item) => {
    seen.set(item.path, { deletes: 0, exists: false, dropFirst: false });
    await expect(item.call()).rejects.toBeInstanceOf(NotFoundError);
    expect(seen.get(item.path)?.deletes).toBe(1);
  });

  it.each(CASES)("$name: an answered delete is unchanged", async (item) => {
    seen.set(item.path, { deletes: 0, exists: true, dropFirst: false });
    await expect(item.call()).resolves.toEqual(item.data);
    expect(seen.get(item.path)?.deletes).toBe(1);
  });
});
