// The fake forge's check-run state rules (spec/forge-api.md § States and transitions, § Check run semantics,
// § Other constants), exercised with raw `Request`s and an app JWT signed here with WebCrypto. Every rule is one
// case; mismatches are collected into one list that must stay empty.
import { describe, expect, it } from "vitest";
import { createFakeService } from "../../../src/testing/index.js";

// biome-ignore lint/suspicious/noExplicitAny: raw JSON from the wire
type Json = any;

const BASE = "https://checks-conformance.example.test";
const RUNS = "/repos/acme/web-app/check-runs";
const enc = new TextEncoder();
const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

async function setup() {
  const clock = { t: Date.UTC(2031, 4, 1, 12) };
  const fake = createFakeService({ now: () => clock.t, baseUrl: BASE });
  const pair = (await crypto.subtle.generateKey("Ed25519", true, ["sign", "verify"])) as CryptoKeyPair;
  const spki = new Uint8Array(await crypto.subtle.exportKey("spki", pair.publicKey));
  const pem = `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----\n`;
  const events: string[] = [];
  fake.forge.webhooks.setReceiver(async (request) => {
    events.push(request.headers.get("webhook-event-type") ?? "");
    return new Response(null, { status: 204 });
  });
  const { appId } = fake.forge.registerApp({
    publicKeyPem: pem,
    webhookUrl: "https://hooks.example.test/checks",
    events: ["repository.check_run.created", "repository.check_run.completed", "repository.check_run.rerequested"],
    install: {
      scopes: ["repository:contents:write", "repository:pull_requests:write", "repository:checks:write"],
    },
  });
  const installationId = fake.forge.state.installations.values().next().value?.id as string;
  async function call(method: string, path: string, auth: string, body?: unknown) {
    const headers = new Headers({ authorization: auth });
    if (body !== undefined) headers.set("content-type", "application/json");
    const response = await fake.fetch(
      new Request(`${BASE}/v1/forge${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    return { status: response.status, json: text === "" ? undefined : (JSON.parse(text) as Json) };
  }
  async function token(): Promise<string> {
    const s = Math.floor(clock.t / 1000);
    const input = `${b64url(enc.encode(JSON.stringify({ alg: "EdDSA", kid: appId, typ: "JWT" })))}.${b64url(
      enc.encode(JSON.stringify({ iss: appId, aud: "forge-apps", iat: s, exp: s + 300 })),
    )}`;
    const sig = new Uint8Array(await crypto.subtle.sign("Ed25519", pair.privateKey, enc.encode(input)));
    const minted = await call(
      "POST",
      `/app/installations/${installationId}/access_tokens`,
      `Bearer ${input}.${b64url(sig)}`,
      {},
    );
    return `Bearer ${minted.json.token}`;
  }
  const iso = (offset = 0) => new Date(clock.t + offset).toISOString();
  return { fake, clock, call, token, iso, events };
}

describe("fake forge check-run rules against the spec", () => {
  it("applies posts by externalUpdatedAt as the spec's table and semantics say", async () => {
    const { call, token, iso, clock, events, fake } = await setup();
    const failures: string[] = [];
    const auth = await token();
    const pull = await call("POST", "/repos/acme/web-app/pulls", auth, {
      title: "Login",
      head: "feature/login",
      base: "main",
    });
    const sha = pull.json?.head?.sha as string;
    if (!sha) throw new Error(`no pull request: ${JSON.stringify(pull.json)}`);
    const T = iso();
    const base = { sha, suite: { key: "ci", externalId: "build-1" }, key: "lint", externalId: "lint-1", name: "Lint" };
    const post = async (label: string, body: Record<string, unknown>, outcome: string | number, status?: string) => {
      const r = await call("POST", RUNS, auth, { ...base, ...body });
      const got = r.status === 200 ? r.json?.outcome : r.status;
      if (got !== outcome) failures.push(`${label}: ${got} (want ${outcome}) ${JSON.stringify(r.json).slice(0, 160)}`);
      if (status && r.json?.checkRun?.status !== status)
        failures.push(`${label}: status ${r.json?.checkRun?.status} (want ${status})`);
      return r.json;
    };
    const created = await post(
      "new",
      { status: "in_progress", externalUpdatedAt: T, startedAt: T },
      "created",
      "in_progress",
    );
    await post(
      "same values",
      { status: "in_progress", externalUpdatedAt: T, startedAt: T },
      "unchanged",
      "in_progress",
    );
    await post(
      "equal timestamp applies",
      { status: "in_progress", externalUpdatedAt: T, startedAt: T, title: "t" },
      "updated",
    );
    const done = {
      status: "completed",
      conclusion: "failure",
      externalUpdatedAt: T,
      startedAt: T,
      completedAt: T,
      isRerequestable: true,
    };
    await post("complete at equal timestamp", done, "updated", "completed");
    await post(
      "in_progress cannot reopen at the same timestamp",
      { status: "in_progress", externalUpdatedAt: T, startedAt: T },
      "ignored_stale",
      "completed",
    );
    await post(
      "queued cannot reopen at the same timestamp",
      { status: "queued", externalUpdatedAt: T },
      "ignored_stale",
      "completed",
    );
    const older = new Date(Date.parse(T) - 1).toISOString();
    await post(
      "older is stale",
      { ...done, conclusion: "success", externalUpdatedAt: older },
      "ignored_stale",
      "completed",
    );
    // Millisecond precision: a sub-millisecond later value is the same instant.
    const subMs = T.replace(/\.(\d{3})Z$/, ".$1" + "9Z");
    await post(
      "sub-millisecond equal",
      { status: "in_progress", externalUpdatedAt: subMs, startedAt: T },
      "ignored_stale",
      "completed",
    );
    clock.t += 1000;
    const T1 = iso();
    await post(
      "newer reopens a completed run",
      { status: "in_progress", externalUpdatedAt: T1, startedAt: T },
      "updated",
      "in_progress",
    );
    await post("completes again", { ...done, externalUpdatedAt: T1, completedAt: T1 }, "updated", "completed");

    // Re-request, then the ordering rules while it is outstanding.
    clock.t += 1000;
    const rr = await call("POST", `${RUNS}/${created.checkRun.id}/rerequest`, auth, {});
    if (rr.status !== 200 || rr.json?.checkRun?.status !== "rerequested")
      failures.push(`rerequest ${rr.status} ${JSON.stringify(rr.json).slice(0, 120)}`);
    if (rr.json?.checkRun?.conclusion !== "failure") failures.push("rerequest changed the old attempt's conclusion");
    if (!rr.json?.checkRun?.rerequestedAt || !rr.json?.checkRun?.rerequestedBy)
      failures.push("rerequestedAt/By not set");
    const again = await call("POST", `${RUNS}/${created.checkRun.id}/rerequest`, auth, {});
    if (again.status !== 409) failures.push(`second rerequest ${again.status}`);
    const rerequestedAt = rr.json?.checkRun?.rerequestedAt as string;
    await post(
      "at the stored timestamp while re-requested",
      { ...done, externalUpdatedAt: T1, completedAt: T1 },
      "ignored_stale",
      "rerequested",
    );
    const between = new Date((Date.parse(T1) + Date.parse(rerequestedAt)) / 2).toISOString();
    if (between !== T1 && between !== rerequestedAt)
      await post(
        "after stored but before rerequestedAt",
        { status: "in_progress", externalUpdatedAt: between, startedAt: T1 },
        "ignored_stale",
        "rerequested",
      );
    clock.t += 1000;
    const T2 = iso();
    const fresh = await post(
      "fresh run for the re-request",
      { status: "queued", externalId: "lint-2", externalUpdatedAt: T2 },
      "created",
      "queued",
    );
    if (fresh?.checkRun?.rerequestedAt) failures.push("fresh run keeps rerequestedAt");

    // Timestamp limits.
    await post(
      "externalUpdatedAt 61 s ahead",
      { status: "in_progress", externalId: "x", key: "x", externalUpdatedAt: iso(61_000) },
      400,
    );
    await post(
      "startedAt 61 s ahead",
      { status: "in_progress", externalId: "x", key: "x", externalUpdatedAt: T2, startedAt: iso(61_000) },
      400,
    );
    await post(
      "completedAt before startedAt",
      { ...done, externalId: "x", key: "x", externalUpdatedAt: T2, startedAt: T2, completedAt: T1 },
      400,
    );
    await post(
      "deadline over 24 h",
      {
        status: "in_progress",
        externalId: "x",
        key: "x",
        externalUpdatedAt: T2,
        deadlineAt: iso(24 * 3600_000 + 60_000),
      },
      400,
    );
    await post("posting rerequested", { status: "rerequested", externalId: "x", key: "x", externalUpdatedAt: T2 }, 400);

    // Deadlines: in_progress times out; queued and deadline-less runs never expire.
    const timed = await post(
      "with deadline",
      {
        status: "in_progress",
        key: "d",
        externalId: "d",
        externalUpdatedAt: T2,
        startedAt: T2,
        deadlineAt: iso(60_000),
      },
      "created",
    );
    const queued = await post(
      "queued with deadline",
      { status: "queued", key: "q", externalId: "q", externalUpdatedAt: T2, deadlineAt: iso(60_000) },
      "created",
    );
    const open = await post(
      "no deadline",
      { status: "in_progress", key: "n", externalId: "n", externalUpdatedAt: T2, startedAt: T2 },
      "created",
    );
    clock.t += 2 * 3600_000;
    const auth2 = await token();
    const t = (await call("GET", `${RUNS}/${timed.checkRun.id}`, auth2)).json;
    if (t?.status !== "completed" || t?.conclusion !== "timed_out")
      failures.push(`deadline: ${t?.status}/${t?.conclusion}`);
    if (t && "deadlineAt" in t) failures.push("deadline not cleared");
    if (!t?.completedAt) failures.push("timed-out run lacks completedAt");
    if (t?.externalUpdatedAt && Date.parse(t.externalUpdatedAt) !== Date.parse(T2))
      failures.push("externalUpdatedAt moved on timeout");
    if ((await call("GET", `${RUNS}/${queued.checkRun.id}`, auth2)).json?.status !== "queued")
      failures.push("queued run expired");
    if ((await call("GET", `${RUNS}/${open.checkRun.id}`, auth2)).json?.status !== "in_progress")
      failures.push("deadline-less run expired");
    await fake.forge.webhooks.runDue();
    for (const type of [
      "repository.check_run.created",
      "repository.check_run.completed",
      "repository.check_run.rerequested",
    ])
      if (!events.includes(type)) failures.push(`no ${type} delivery`);
    expect(failures).toEqual([]);
  });
});
