import { describe, expect, it } from "vitest";
import { ADMIN_OPERATIONS as OPS } from "../../../src/admin/operations.js";
import { isAllowlistEntry } from "../../../src/admin/schemas/allowlist.js";
import type { ValidationIssue } from "../../../src/core/errors.js";
import { assertRequest, requestIssues } from "../../../src/core/schema.js";
import { fieldOf } from "./request-inputs.js";

const rules = (issues: readonly ValidationIssue[]) => issues.map((issue) => `${issue.path}: ${issue.rule}`);

describe("capabilities PATCH", () => {
  it("accepts any documented field, including null for the two levels", () => {
    expect(requestIssues(OPS["assistantBot.capabilities.update"].body, { cloudAgents: true })).toEqual([]);
    expect(
      requestIssues(OPS["assistantBot.capabilities.update"].body, {
        templateSharing: null,
        localExecution: null,
        actionRecording: false,
        localEgressAllowed: true,
      }),
    ).toEqual([]);
    expect(
      requestIssues(OPS["assistantBot.capabilities.update"].body, {
        templateSharing: "team_only",
        localExecution: "ask",
      }),
    ).toEqual([]);
  });

  it("needs at least one field and refuses enabled", () => {
    expect(rules(requestIssues(OPS["assistantBot.capabilities.update"].body, {}))).toEqual([": at_least_one"]);
    expect(
      rules(requestIssues(OPS["assistantBot.capabilities.update"].body, { cloudAgents: true, enabled: false })),
    ).toEqual(["enabled: read_only"]);
  });

  it("checks each field's values", () => {
    expect(rules(requestIssues(OPS["assistantBot.capabilities.update"].body, { templateSharing: "everyone" }))).toEqual(
      ["templateSharing: one_of"],
    );
    expect(rules(requestIssues(OPS["assistantBot.capabilities.update"].body, { localExecution: "sometimes" }))).toEqual(
      ["localExecution: one_of"],
    );
    expect(rules(requestIssues(OPS["assistantBot.capabilities.update"].body, { cloudAgents: "yes" }))).toEqual([
      "cloudAgents: type",
    ]);
  });
});

describe("auto-review policy", () => {
  const list = (count: number) => Array.from({ length: count }, (_, index) => `rule ${index}`);

  it("accepts 20 entries of up to 1,000 characters after trimming, and empty lists", () => {
    const long = ` ${"x".repeat(1000)} `;
    expect(
      requestIssues(OPS["assistantBot.autoReview.set"].body, {
        enforced: true,
        rules: { allow: [...list(19), long], block: [] },
      }),
    ).toEqual([]);
    expect(
      requestIssues(OPS["assistantBot.autoReview.set"].body, { enforced: false, rules: { allow: [], block: [] } }),
    ).toEqual([]);
  });

  it("counts repeated entries once", () => {
    expect(
      requestIssues(OPS["assistantBot.autoReview.set"].body, {
        enforced: true,
        rules: { allow: [...list(20), "rule 0", " rule 1 "], block: [] },
      }),
    ).toEqual([]);
  });

  it("requires enforced, rules, rules.allow and rules.block", () => {
    expect(rules(requestIssues(OPS["assistantBot.autoReview.set"].body, {}))).toEqual([
      "enforced: required",
      "rules: required",
    ]);
    expect(rules(requestIssues(OPS["assistantBot.autoReview.set"].body, { enforced: true, rules: {} }))).toEqual([
      "rules.allow: required",
      "rules.block: required",
    ]);
    expect(
      rules(
        requestIssues(OPS["assistantBot.autoReview.set"].body, { enforced: "true", rules: { allow: [], block: [] } }),
      ),
    ).toEqual(["enforced: type"]);
  });

  it("checks each list: at most 20, each non-blank and at most 1,000 characters", () => {
    expect(
      rules(
        requestIssues(OPS["assistantBot.autoReview.set"].body, {
          enforced: true,
          rules: { allow: list(21), block: [] },
        }),
      ),
    ).toEqual(["rules.allow: max_items"]);
    expect(
      rules(
        requestIssues(OPS["assistantBot.autoReview.set"].body, { enforced: true, rules: { allow: [], block: ["  "] } }),
      ),
    ).toEqual(["rules.block[0]: min_length"]);
    expect(
      rules(
        requestIssues(OPS["assistantBot.autoReview.set"].body, {
          enforced: true,
          rules: { allow: ["x".repeat(1001)], block: [] },
        }),
      ),
    ).toEqual(["rules.allow[0]: max_length"]);
    expect(
      rules(
        requestIssues(OPS["assistantBot.autoReview.set"].body, { enforced: true, rules: { allow: [1], block: "x" } }),
      ),
    ).toEqual(["rules.allow[0]: type", "rules.block: type"]);
  });
});

describe("access policy", () => {
  const groups = (count: number) => Array.from({ length: count }, (_, index) => `group_${index}`);

  it("accepts mode all without groupIds, and limited with 1..100 billing group ids", () => {
    expect(requestIssues(OPS["assistantBot.access.set"].body, { mode: "all" })).toEqual([]);
    expect(
      assertRequest(OPS["assistantBot.access.set"].body, { mode: "limited", groupIds: groups(100) }).groupIds,
    ).toHaveLength(100);
    expect(
      requestIssues(OPS["assistantBot.access.set"].body, { mode: "limited", groupIds: [...groups(100), "group_0"] }),
    ).toEqual([]);
  });

  it("checks the mode/groupIds pairing", () => {
    expect(rules(requestIssues(OPS["assistantBot.access.set"].body, {}))).toEqual(["mode: required"]);
    expect(rules(requestIssues(OPS["assistantBot.access.set"].body, { mode: "some" }))).toEqual(["mode: one_of"]);
    expect(rules(requestIssues(OPS["assistantBot.access.set"].body, { mode: "limited" }))).toEqual([
      "groupIds: required",
    ]);
    expect(rules(requestIssues(OPS["assistantBot.access.set"].body, { mode: "limited", groupIds: [] }))).toEqual([
      "groupIds: min_items",
    ]);
    expect(
      rules(requestIssues(OPS["assistantBot.access.set"].body, { mode: "limited", groupIds: groups(101) })),
    ).toEqual(["groupIds: max_items"]);
    expect(rules(requestIssues(OPS["assistantBot.access.set"].body, { mode: "all", groupIds: ["group_1"] }))).toEqual([
      "groupIds: exclusive",
    ]);
  });

  it("takes billing group ids only", () => {
    const [issue] = requestIssues(OPS["assistantBot.access.set"].body, { mode: "limited", groupIds: ["team_group_1"] });
    expect(issue).toMatchObject({ path: "groupIds[0]", rule: "id_family" });
    expect(issue?.message).toContain("billing group ids (group_)");
  });
});

describe("network policy", () => {
  const complete = { egressMode: "default_with_network_settings", allowlist: ["api.example.com"], locked: false };

  it("accepts a complete body with every documented mode", () => {
    for (const egressMode of ["unset", "allow_all", "default_with_network_settings", "network_settings_only"]) {
      expect(requestIssues(OPS["assistantBot.network.set"].body, { ...complete, egressMode })).toEqual([]);
    }
    expect(requestIssues(OPS["assistantBot.network.set"].body, { ...complete, allowlist: [] })).toEqual([]);
  });

  it("requires all three fields", () => {
    expect(rules(requestIssues(OPS["assistantBot.network.set"].body, {}))).toEqual([
      "egressMode: required",
      "allowlist: required",
      "locked: required",
    ]);
    expect(rules(requestIssues(OPS["assistantBot.network.set"].body, { egressMode: "unset", allowlist: [] }))).toEqual([
      "locked: required",
    ]);
  });

  it("checks the mode, the allowlist entries and locked", () => {
    expect(rules(requestIssues(OPS["assistantBot.network.set"].body, { ...complete, egressMode: "deny_all" }))).toEqual(
      ["egressMode: one_of"],
    );
    expect(
      rules(
        requestIssues(OPS["assistantBot.network.set"].body, {
          ...complete,
          allowlist: ["ok.example.com", "https://x.com"],
        }),
      ),
    ).toEqual(["allowlist[1]: allowlist_entry"]);
    expect(rules(requestIssues(OPS["assistantBot.network.set"].body, { ...complete, allowlist: [3] }))).toEqual([
      "allowlist[0]: type",
    ]);
    expect(rules(requestIssues(OPS["assistantBot.network.set"].body, { ...complete, locked: "no" }))).toEqual([
      "locked: type",
    ]);
  });

  it("knows hosts, wildcards, IPv4/IPv6 addresses and CIDRs, each with an optional port", () => {
    const good = [
      "api.example.com",
      "localhost",
      "*.example.com",
      "*.example.com:443",
      "registry.npmjs.org:443",
      "10.0.0.1",
      "10.0.0.0/8",
      "10.0.0.1:8080",
      "2001:db8::1",
      "2001:db8::/32",
      "[2001:db8::1]:443",
      "my_host.internal",
    ];
    for (const entry of good) expect([entry, isAllowlistEntry(entry)]).toEqual([entry, true]);
    const bad = [
      "",
      "https://example.com",
      "example.com/path",
      "exa mple.com",
      "*.",
      "a.*.example.com",
      "example..com",
      "-bad.example.com",
      "300.1.1.1",
      "10.0.0.0/33",
      "example.com:0",
      "example.com:65536",
      "2001:db8::1:443x",
      "2001:db8::/129",
      "[2001:db8::1",
      "*.10.0.0.1",
    ];
    for (const entry of bad) expect([entry, isAllowlistEntry(entry)]).toEqual([entry, false]);
  });
});

describe("team rules", () => {
  it("create: name, content and enabled, all required", () => {
    expect(
      requestIssues(OPS["assistantBot.teamRules.create"].body, {
        name: "No force push",
        content: "Never force push.",
        enabled: true,
      }),
    ).toEqual([]);
    expect(rules(requestIssues(OPS["assistantBot.teamRules.create"].body, {}))).toEqual([
      "name: required",
      "content: required",
      "enabled: required",
    ]);
    expect(
      rules(requestIssues(OPS["assistantBot.teamRules.create"].body, { name: "", content: " ", enabled: 1 })),
    ).toEqual(["name: min_length", "content: min_length", "enabled: type"]);
  });

  it("update: any one field, at least one", () => {
    expect(requestIssues(OPS["assistantBot.teamRules.update"].body, { enabled: false })).toEqual([]);
    expect(rules(requestIssues(OPS["assistantBot.teamRules.update"].body, {}))).toEqual([": at_least_one"]);
    expect(rules(requestIssues(OPS["assistantBot.teamRules.update"].body, { name: "" }))).toEqual(["name: min_length"]);
  });

  it("ids are rule_ ids", () => {
    expect(assertRequest(OPS["assistantBot.teamRules.update"].params, fieldOf("ruleId", "rule_1")).ruleId).toBe(
      "rule_1",
    );
    expect(rules(requestIssues(OPS["assistantBot.teamRules.update"].params, fieldOf("ruleId", "user_1")))).toEqual([
      "ruleId: id_family",
    ]);
  });
});

describe("setup manifests", () => {
  it("accepts scripts with id, setup and an optional check", () => {
    expect(
      requestIssues(OPS["assistantBot.setupManifests.put"].body, {
        scripts: [
          { id: "node.v20", setup: "npm ci" },
          { id: "db", setup: "make db", check: "make ping" },
        ],
      }),
    ).toEqual([]);
    expect(
      assertRequest(OPS["assistantBot.setupManifests.put"].params, fieldOf("manifestId", "web-app_v2.1")).manifestId,
    ).toBe("web-app_v2.1");
  });

  it("checks the manifest id format", () => {
    expect(
      rules(requestIssues(OPS["assistantBot.setupManifests.put"].params, fieldOf("manifestId", "web app"))),
    ).toEqual(["manifestId: pattern"]);
    expect(rules(requestIssues(OPS["assistantBot.setupManifests.put"].params, fieldOf("manifestId", "")))).toEqual([
      "manifestId: min_length",
    ]);
  });

  it("needs a non-empty scripts array of well-formed scripts", () => {
    expect(rules(requestIssues(OPS["assistantBot.setupManifests.put"].body, {}))).toEqual(["scripts: required"]);
    expect(rules(requestIssues(OPS["assistantBot.setupManifests.put"].body, { scripts: [] }))).toEqual([
      "scripts: min_items",
    ]);
    expect(rules(requestIssues(OPS["assistantBot.setupManifests.put"].body, { scripts: [{}] }))).toEqual([
      "scripts[0].id: required",
      "scripts[0].setup: required",
    ]);
    expect(
      rules(
        requestIssues(OPS["assistantBot.setupManifests.put"].body, { scripts: [{ id: "a/b", setup: "", check: "" }] }),
      ),
    ).toEqual(["scripts[0].id: pattern", "scripts[0].setup: min_length", "scripts[0].check: min_length"]);
  });
});
