import { describe, expect, it } from "vitest";
import { forgeSetup, rpc } from "./helpers.js";

const names = (json: { repositories: Array<{ name: string }> }) => json.repositories.map((r) => r.name);

describe("forge GET /installation/repos", () => {
  it("lists the installation's repositories, mirrors included, in the summary shape", async () => {
    const { mint, call } = await forgeSetup();
    const { json } = await call("GET", "/installation/repos", { token: (await mint()).json.token });
    expect(names(json)).toEqual(["web-app", "api-server", "docs", "design-system", "legacy-mirror"]);
    expect(json).toMatchObject({ repoSelectionMode: "all", nextPageToken: "" });
    expect(json.repositories[0]).toMatchObject({
      id: "repo_0001",
      fullName: "acme/web-app",
      owner: { slug: "acme", type: "team" },
      defaultBranch: "main",
      allowMergeCommit: true,
      cloneUrl: expect.stringContaining("acme/web-app"),
    });
    expect(json.repositories[4].mirror).toMatchObject({ status: "inbound" });
  });

  it("filters case-insensitively on names and owners, owner/repo per half, trimmed", async () => {
    const { mint, call } = await forgeSetup();
    const token = (await mint()).json.token;
    const list = async (filter: string) =>
      names((await call("GET", `/installation/repos?filter=${encodeURIComponent(filter)}`, { token })).json);
    expect(await list("  SERVER ")).toEqual(["api-server"]);
    expect(await list("ACM")).toHaveLength(5);
    expect(await list("ac/DOC")).toEqual(["docs"]);
    expect(await list("other/docs")).toEqual([]);
    expect(await list("   ")).toHaveLength(5);
  });

  it("pages with pageSize/pageToken, and a token used with a changed filter is 400", async () => {
    const { mint, call } = await forgeSetup({ forge: { repositories: 120 } });
    const token = (await mint()).json.token;
    const seen: string[] = [];
    let pageToken = "";
    do {
      const { json } = await call("GET", `/installation/repos?pageSize=50&filter=repo&pageToken=${pageToken}`, {
        token,
      });
      seen.push(...names(json));
      pageToken = json.nextPageToken;
    } while (pageToken !== "");
    expect(seen).toHaveLength(115);
    expect(new Set(seen).size).toBe(115);
    // The spec's maximum is 100: a larger size is InvalidArgument, not clamped.
    expect(rpc((await call("GET", "/installation/repos?pageSize=500", { token })).json)).toMatchObject({
      code: 3,
      fields: ["pageSize"],
    });
    const all = await call("GET", "/installation/repos?pageSize=100", { token });
    expect(all.json.repositories).toHaveLength(100);
    const changed = await call("GET", `/installation/repos?filter=docs&pageToken=${all.json.nextPageToken}`, { token });
    expect(rpc(changed.json)).toMatchObject({ code: 3, fields: ["pageToken"] });
    expect((await call("GET", "/installation/repos?pageSize=-1", { token })).status).toBe(400);
  });

  it("respects a selected installation and reports its mode", async () => {
    const { fake, appId, mint, call } = await forgeSetup();
    const selected = fake.forge.createInstallation({ appId, repoSelectionMode: "selected" }).installationId;
    const { json } = await call("GET", "/installation/repos", { token: (await mint({}, selected)).json.token });
    expect(names(json)).toEqual(["web-app", "api-server"]);
    expect(json.repoSelectionMode).toBe("selected");
  });

  it("refuses app JWTs and unknown tokens", async () => {
    const { call, jwt } = await forgeSetup();
    expect((await call("GET", "/installation/repos", { token: await jwt() })).status).toBe(403);
    expect((await call("GET", "/installation/repos", { token: "oit_unknown" })).status).toBe(401);
  });
});
