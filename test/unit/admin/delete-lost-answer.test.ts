// An Admin delete whose answer is lost: the first attempt deletes at the server, the connection drops before the
// answer, the SDK retries, and the server answers 404 because the thing is gone. The call must report the deletion,
// not a NotFoundError for what it deleted itself; a 404 on the first attempt stays a NotFoundError. Served by a plain
// node:http server written from the spec (not the fake), which destroys the socket after handling the first request.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { ADMIN_OPERATIONS } from "../../../src/admin/operations.js";
import { NotFoundError } from "../../../src/core/errors.js";

let server: Server;
let base = "";
/** Per path: requests seen, whether the thing still exists, whether the first answer is dropped. */
const seen = new Map<string, { requests: number; exists: boolean; dropFirst: boolean }>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    const entry = seen.get(path);
    request.resume();
    request.on("end", () => {
      if (!entry) {
        response.writeHead(500).end();
        return;
      }
      entry.requests++;
      if (!entry.exists) {
        // The spec's usual error body: {code: 'error', message}.
        response.writeHead(404, { "content-type": "application/json" });
        response.end(JSON.stringify({ code: "error", message: "not found" }));
        return;
      }
      entry.exists = false;
      if (entry.dropFirst) {
        request.socket.destroy(); // done at the server, but the answer never arrives
        return;
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const common = () => ({ baseUrl: base, maxRetries: 2, sleep: async () => {}, rateBudgets: false as const });
const admin = () => new AdminClient({ apiKey: "team-key", ...common() });
const org = () => new OrganizationClient({ apiKey: "org-key", organizationId: "org_1", ...common() });

/** Every Admin / Organization operation that deletes a resource (a 204 DELETE): its 404 on a retry means "gone". */
const DELETES: Array<{ name: string; path: string; call: () => Promise<unknown> }> = [
  {
    name: "repoBlocklists.delete",
    path: "/settings/repo-blocklists/repos/repo_1",
    call: () => admin().repoBlocklists.delete("repo_1"),
  },
  {
    name: "directoryGroups.delete",
    path: "/teams/directory-groups/team_group_1",
    call: () => admin().directoryGroups.delete("team_group_1"),
  },
  { name: "billingGroups.delete", path: "/teams/groups/group_1", call: () => admin().billingGroups.delete("group_1") },
  {
    name: "assistantBot.teamRules.delete",
    path: "/assistant-bot/team-rules/rule_1",
    call: () => admin().assistantBot.teamRules.delete("rule_1"),
  },
  {
    name: "assistantBot.setupManifests.delete",
    path: "/assistant-bot/setup-manifests/setup.main_1",
    call: () => admin().assistantBot.setupManifests.delete("setup.main_1"),
  },
  { name: "org.groups.delete", path: "/organizations/groups/g_1", call: () => org().groups.delete("g_1") },
];

/**
 * The other operations that delete or remove something, and why a retry's 404 is NOT their own doing: the member
 * removals' 404 says the group is gone (removing members never deletes it), and remove-member is a POST the SDK
 * never repeats (so it cannot meet its own earlier success).
 */
const NOT_GONE_ON_RETRY: Record<string, string> = {
  "billingGroups.removeMembers": "404 = the group is absent; the answer (`{group}`) cannot be made up",
  "directoryGroups.removeMembers": "404 = the group is absent",
  "org.groups.removeMembers": "404 = the group is absent",
  "members.remove": "a POST without a retry class: never retried",
};

describe("Admin deletes whose answer is lost", () => {
  it("every deleting or removing operation is classified, and exactly the resource deletes are goneOnRetry", () => {
    const wrong: string[] = [];
    const deleting = Object.entries(ADMIN_OPERATIONS).filter(
      ([name, op]) => op.method === "DELETE" || /delete|remove/i.test(name),
    );
    for (const [name, op] of deleting) {
      const marked = "goneOnRetry" in op && op.goneOnRetry !== undefined;
      const isDelete = DELETES.some((item) => item.name === name);
      if (!isDelete && !(name in NOT_GONE_ON_RETRY)) wrong.push(`${name}: not classified`);
      if (isDelete && !marked) wrong.push(`${name}: a delete not marked goneOnRetry`);
      if (!isDelete && marked) wrong.push(`${name}: marked goneOnRetry but its 404 is not its own deletion`);
    }
    expect(deleting.length).toBe(DELETES.length + Object.keys(NOT_GONE_ON_RETRY).length);
    expect(wrong).toEqual([]);
  });

  it("a retry's 404 after a lost answer is the earlier attempt's deletion: every delete resolves", async () => {
    const wrong: string[] = [];
    for (const item of DELETES) {
      seen.set(item.path, { requests: 0, exists: true, dropFirst: true });
      try {
        const data = await item.call();
        if (data !== undefined) wrong.push(`${item.name}: resolved with ${JSON.stringify(data)}`);
      } catch (error) {
        wrong.push(`${item.name}: ${(error as Error).name}`);
      }
      if (seen.get(item.path)?.requests !== 2) wrong.push(`${item.name}: ${seen.get(item.path)?.requests} requests`);
    }
    expect(wrong).toEqual([]);
  });

  it("a 404 on the first attempt is still a NotFoundError for every delete (sent once)", async () => {
    const wrong: string[] = [];
    for (const item of DELETES) {
      seen.set(item.path, { requests: 0, exists: false, dropFirst: false });
      const error = await item.call().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      if (!(error instanceof NotFoundError)) wrong.push(`${item.name}: ${String(error)}`);
      if (seen.get(item.path)?.requests !== 1) wrong.push(`${item.name}: ${seen.get(item.path)?.requests} requests`);
    }
    expect(wrong).toEqual([]);
  });

  it("an answered delete resolves after one request", async () => {
    const wrong: string[] = [];
    for (const item of DELETES) {
      seen.set(item.path, { requests: 0, exists: true, dropFirst: false });
      await item.call().catch((error: unknown) => wrong.push(`${item.name}: ${String(error)}`));
      if (seen.get(item.path)?.requests !== 1) wrong.push(`${item.name}: ${seen.get(item.path)?.requests} requests`);
    }
    expect(wrong).toEqual([]);
  });

  it("a billing-group member removal whose retry meets 404 still fails: the group is gone, not the members", async () => {
    const path = "/teams/groups/group_2/members";
    seen.set(path, { requests: 0, exists: true, dropFirst: true });
    await expect(admin().billingGroups.removeMembers("group_2", ["user_a"])).rejects.toBeInstanceOf(NotFoundError);
    expect(seen.get(path)?.requests).toBe(2);
  });
});
