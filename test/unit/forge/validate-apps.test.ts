import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import { validateCheckRunPost } from "../../../src/forge/check-runs/validate.js";
import { uniqueInOrder } from "../../../src/forge/schemas/app-requests.js";
import { rulesOf } from "../agents/issues.js";
import { bodyAssert, bodyCheck, queryCheck } from "./request-checks.js";

const assertCheckRunPost = (post: unknown, options: { now: number | string }) => {
  const issues = validateCheckRunPost(post, options);
  if (issues.length > 0) throw new ValidationError(issues, { direction: "request", context: "checkRuns.post" });
};
const assertTokenNarrowing = bodyAssert("installationToken", {});
const checkAnnotations = bodyCheck("checkRuns.appendAnnotations");
const checkCheckRunPost = (post: unknown, options: { now: number | string }) => validateCheckRunPost(post, options);
const checkCreateApp = bodyCheck("namespace.apps.create");
const checkListDeliveriesQuery = queryCheck("webhooks.deliveries.list", {
  numbers: ["pageSize"],
  booleans: ["delivered"],
});
const checkRedeliver = bodyCheck("webhooks.redeliver");
const checkSigningKey = bodyCheck("apps.signingKeys.create");
const checkTokenNarrowing = bodyCheck("installationToken", {});
const checkUpdateApp = bodyCheck("apps.update");

const PEM =
  "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----\n";
const PRIVATE =
  "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n-----END PRIVATE KEY-----\n";

describe("create app", () => {
  it("accepts the required fields and every optional one (lists unwrapped on create)", () => {
    expect(checkCreateApp({ displayName: "CI", publicKey: PEM })).toEqual([]);
    const full = {
      displayName: "CI",
      publicKey: PEM,
      webhookUrl: "https://ci.example.com/hooks",
      events: ["pull_request.created"],
      description: "Runs checks",
      websiteUrl: "https://ci.example.com",
      installationRedirectUris: ["https://ci.example.com/installed"],
      defaultScopes: ["repository:checks:write"],
    };
    expect(checkCreateApp(full)).toEqual([]);
  });

  it.each([
    [{ publicKey: PEM }, "displayName: required"],
    [{ displayName: "CI" }, "publicKey: required"],
    [{ displayName: "CI", publicKey: "ssh-ed25519 AAAA" }, "publicKey: pem_spki"],
    [{ displayName: "CI", publicKey: PRIVATE }, "publicKey: private_key"],
    [{ displayName: "CI", publicKey: PEM, webhookUrl: "ftp://x" }, "webhookUrl: http_url"],
    [{ displayName: "CI", publicKey: PEM, events: "ping" }, "events: type"],
  ])("refuses %#", (body, rule) => {
    expect(rulesOf(checkCreateApp(body))).toEqual([rule]);
  });

  it("never echoes a private key in the message", () => {
    const [issue] = checkCreateApp({ displayName: "CI", publicKey: PRIVATE });
    expect(issue?.message).not.toContain("MC4CAQ");
  });
});

describe("update app", () => {
  it("accepts plain fields and wrapped lists; an empty webhookUrl turns delivery off", () => {
    expect(checkUpdateApp({ webhookUrl: "" })).toEqual([]);
    expect(
      checkUpdateApp({
        events: { events: ["ping"] },
        installationRedirectUris: { installationRedirectUris: [] },
        defaultScopes: { scopes: ["repository:contents:read"] },
      }),
    ).toEqual([]);
  });

  it.each([
    [{}, ": at_least_one"],
    [{ events: ["ping"] }, "events: wrapper"],
    [{ defaultScopes: ["repository:contents:read"] }, "defaultScopes: wrapper"],
    [{ defaultScopes: { defaultScopes: [] } }, "defaultScopes.scopes: required"],
    [{ installationRedirectUris: {} }, "installationRedirectUris.installationRedirectUris: required"],
    [{ displayName: "" }, "displayName: min_length"],
    [{ websiteUrl: "example.com" }, "websiteUrl: http_url"],
  ])("refuses %o", (body, rule) => {
    expect(rulesOf(checkUpdateApp(body))).toEqual([rule]);
  });
});

describe("signing key and token narrowing", () => {
  it("checks the public key", () => {
    expect(checkSigningKey({ publicKey: PEM })).toEqual([]);
    expect(rulesOf(checkSigningKey({ publicKey: PRIVATE }))).toEqual(["publicKey: private_key"]);
    expect(rulesOf(checkSigningKey({}))).toEqual(["publicKey: required"]);
  });

  it("accepts nothing, empty lists or string lists; refuses numeric repository ids", () => {
    expect(checkTokenNarrowing()).toEqual([]);
    expect(assertTokenNarrowing({ scopes: [], repositoryIds: ["42"] })).toEqual({ scopes: [], repositoryIds: ["42"] });
    expect(rulesOf(checkTokenNarrowing({ repositoryIds: [42] }))).toEqual(["repositoryIds[0]: type"]);
    expect(rulesOf(checkTokenNarrowing({ scopes: "repository:contents:read" }))).toEqual(["scopes: type"]);
  });
});

describe("batch redeliver", () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `dlv_${i}`);

  it("accepts 1..100 unique ids", () => {
    expect(checkRedeliver({ deliveryIds: ids(1) })).toEqual([]);
    expect(checkRedeliver({ deliveryIds: ids(100) })).toEqual([]);
  });

  it("refuses none, more than 100, and repeats (at the repeat)", () => {
    expect(rulesOf(checkRedeliver({ deliveryIds: [] }))).toEqual(["deliveryIds: min_items"]);
    expect(rulesOf(checkRedeliver({ deliveryIds: ids(101) }))).toEqual(["deliveryIds: max_items"]);
    expect(rulesOf(checkRedeliver({ deliveryIds: ["a", "b", "a"] }))).toEqual(["deliveryIds[2]: unique"]);
    expect(rulesOf(checkRedeliver({}))).toEqual(["deliveryIds: required"]);
  });

  it("uniqueInOrder keeps first-seen order", () => {
    expect(uniqueInOrder(["b", "a", "b", "c", "a"])).toEqual(["b", "a", "c"]);
    expect(checkRedeliver({ deliveryIds: uniqueInOrder([...ids(100), ...ids(100)]) })).toEqual([]);
  });
});

describe("deliveries list query", () => {
  it("converts wire booleans and numbers", () => {
    expect(checkListDeliveriesQuery(new URLSearchParams({ delivered: "false", pageSize: "30" }))).toEqual([]);
    expect(rulesOf(checkListDeliveriesQuery(new URLSearchParams({ delivered: "no" })))).toEqual(["delivered: type"]);
    expect(rulesOf(checkListDeliveriesQuery({ createdAfter: "last week" }))).toEqual(["createdAfter: timestamp"]);
  });
});

describe("annotations", () => {
  const notes = (n: number) => Array.from({ length: n }, (_, i) => ({ message: `**${i}**`, rawDetails: "x", line: i }));

  it("accepts 1..25 per append", () => {
    expect(checkAnnotations({ annotations: notes(1) })).toEqual([]);
    expect(checkAnnotations({ annotations: notes(25) })).toEqual([]);
  });

  it("refuses 0 and 26, and non-string messages", () => {
    expect(rulesOf(checkAnnotations({ annotations: [] }))).toEqual(["annotations: min_items"]);
    expect(rulesOf(checkAnnotations({ annotations: notes(26) }))).toEqual(["annotations: max_items"]);
    expect(rulesOf(checkAnnotations({ annotations: [{ message: 1 }] }))).toEqual(["annotations[0].message: type"]);
  });
});

describe("check-run posts reuse the check-run validator", () => {
  const post = {
    sha: "a".repeat(40),
    suite: { key: "ci", externalId: "build-1" },
    key: "lint",
    externalId: "run-1",
    status: "completed",
    externalUpdatedAt: "2025-01-01T00:00:00Z",
  };

  it("passes a valid post and refuses a forge-only status", () => {
    const now = "2025-01-01T00:00:30Z";
    expect(checkCheckRunPost(post, { now })).toEqual([]);
    expect(rulesOf(checkCheckRunPost({ ...post, status: "rerequested" }, { now }))).toEqual(["status: forge_only"]);
    expect(() => assertCheckRunPost({ ...post, key: "" }, { now })).toThrow(ValidationError);
  });
});
