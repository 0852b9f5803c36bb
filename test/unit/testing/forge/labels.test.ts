import { describe, expect, it } from "vitest";
import { type Json, rpc } from "./helpers.js";
import { repoSetup } from "./repo-setup.js";

const LABELS = "/repos/acme/web-app/labels";
const names = (json: Json) => json.labels.map((label: Json) => label.name);

describe("forge labels", () => {
  it("lists the seeded labels ordered by name, creates, gets, updates and deletes (204)", async () => {
    const { call, token } = await repoSetup();
    const seeded = await call("GET", LABELS, { token });
    expect(seeded.json).toMatchObject({ nextPageToken: "" });
    expect(names(seeded.json)).toEqual(["bug", "enhancement"]);
    const created = await call("POST", LABELS, { token, body: { name: "Docs", color: "00FF00", description: "Docs" } });
    expect(created.status).toBe(200);
    expect(created.headers.get("x-ratelimit-used")).toBe("6");
    expect(created.json).toMatchObject({ name: "Docs", color: "00ff00", description: "Docs" });
    expect(names((await call("GET", LABELS, { token })).json)).toEqual(["bug", "Docs", "enhancement"]);
    expect((await call("GET", `${LABELS}/docs`, { token })).json.id).toBe(created.json.id);
    const updated = await call("PATCH", `${LABELS}/Docs`, { token, body: { name: "documentation", color: "123abc" } });
    expect(updated.json).toMatchObject({ name: "documentation", color: "123abc" });
    expect((await call("GET", `${LABELS}/Docs`, { token })).status).toBe(404);
    const deleted = await call("DELETE", `${LABELS}/documentation`, { token });
    expect(deleted.status).toBe(204);
    expect((await call("DELETE", `${LABELS}/documentation`, { token })).status).toBe(404);
  });

  it("refuses a duplicate name case-insensitively with AlreadyExists 409, on create and rename", async () => {
    const { call, token } = await repoSetup();
    const duplicate = await call("POST", LABELS, { token, body: { name: "BUG", color: "ffffff" } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.code).toBe(6);
    expect((await call("PATCH", `${LABELS}/bug`, { token, body: { name: "Enhancement" } })).status).toBe(409);
    expect((await call("PATCH", `${LABELS}/bug`, { token, body: { name: "Bug" } })).json.name).toBe("Bug");
  });

  it("answers InvalidArgument with field violations for name, color and description", async () => {
    const { call, token } = await repoSetup();
    const bad = await call("POST", LABELS, {
      token,
      body: { name: "x".repeat(51), color: "#ff0000", description: "d".repeat(256) },
    });
    expect(bad.status).toBe(400);
    expect(rpc(bad.json)).toMatchObject({ code: 3 });
    expect(rpc(bad.json).fields.sort()).toEqual(["color", "description", "name"]);
    const short = await call("POST", LABELS, { token, body: { name: "ok", color: "fff" } });
    expect(rpc(short.json).fields).toEqual(["color"]);
    expect(rpc((await call("POST", LABELS, { token, body: { color: "ffffff" } })).json).fields).toEqual(["name"]);
  });

  it("pages with pageSize (max 100) and needs the labels scopes", async () => {
    const { call, token } = await repoSetup();
    for (let i = 0; i < 3; i++) await call("POST", LABELS, { token, body: { name: `l${i}`, color: "000000" } });
    const first = await call("GET", `${LABELS}?pageSize=2`, { token });
    expect(names(first.json)).toEqual(["bug", "enhancement"]);
    const second = await call("GET", `${LABELS}?pageSize=2&pageToken=${first.json.nextPageToken}`, { token });
    expect(names(second.json)).toEqual(["l0", "l1"]);
    const reader = await repoSetup(["repository:labels:read"]);
    expect((await reader.call("GET", LABELS, { token: reader.token })).status).toBe(200);
    const write = await reader.call("POST", LABELS, { token: reader.token, body: { name: "n", color: "000000" } });
    expect(write.status).toBe(403);
  });

  it("adds, lists and removes labels on a pull; unknown labels are 400; deleting a label unassigns it", async () => {
    const { call, token } = await repoSetup();
    const pull = await call("POST", "/repos/acme/web-app/pulls", {
      token,
      body: { title: "Search", head: "feature/search", base: "main" },
    });
    const path = `/repos/acme/web-app/pulls/${pull.json.number}/labels`;
    const added = await call("POST", path, { token, body: { labels: ["enhancement", "BUG"] } });
    expect(names(added.json)).toEqual(["bug", "enhancement"]);
    const unknown = await call("POST", path, { token, body: { labels: ["bug", "nope"] } });
    expect(rpc(unknown.json)).toMatchObject({ code: 3, fields: ["labels[1]"] });
    expect(names((await call("GET", path, { token })).json)).toEqual(["bug", "enhancement"]);
    const removed = await call("DELETE", `${path}/bug`, { token });
    expect(names(removed.json)).toEqual(["enhancement"]);
    await call("DELETE", `${LABELS}/enhancement`, { token });
    expect(names((await call("GET", path, { token })).json)).toEqual([]);
    await call("PUT", path, { token, body: { labels: ["bug"] } });
    expect((await call("GET", `/repos/acme/web-app/pulls/${pull.json.number}`, { token })).json.labels).toHaveLength(1);
    expect((await call("DELETE", path, { token })).status).toBe(204);
    expect((await call("GET", "/repos/acme/web-app/pulls/99/labels", { token })).status).toBe(404);
  });
});
