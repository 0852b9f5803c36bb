// The fake's Code Forge API, checked against spec/forge-api.md with raw `Request`s and app JWTs signed here with
// WebCrypto (no SDK, no jose): credentials, error bodies, pagination, rate limits, signing keys. Each sweep
// collects mismatches into one list that must stay empty.
import { describe, expect, it } from "vitest";
import { BASE, b64url, type Json, newKey, world } from "./spec-conformance-forge-helpers.js";

describe("fake forge against the spec (raw requests)", () => {
  it("accepts only well-formed app JWTs signed by an active key, and answers 401 otherwise", async () => {
    const w = await world();
    const { call, checkError, appJwt, nowS, failures } = w;
    const other = await newKey();
    const ok = await call("GET", "/app", { auth: `Bearer ${await appJwt()}` });
    if (ok.status !== 200 || ok.json?.id !== w.appId) failures.push(`valid JWT: ${ok.status}`);
    for (const field of [
      "id",
      "displayName",
      "webhookUrl",
      "events",
      "createdAt",
      "updatedAt",
      "installationRedirectUris",
      "namespaceSlug",
      "description",
      "websiteUrl",
      "defaultScopes",
    ])
      if (!(field in (ok.json ?? {}))) failures.push(`App lacks ${field} (defaults are present)`);
    const refused: Array<[string, string | undefined]> = [
      ["no Authorization", undefined],
      ["Basic scheme", `Basic ${btoa(`${w.appId}:x`)}`],
      ["garbage bearer", "Bearer not-a-token"],
      ["other key", `Bearer ${await appJwt({ key: other.privateKey })}`],
      ["expired", `Bearer ${await appJwt({ claims: { iat: nowS() - 600, exp: nowS() - 1 } })}`],
      ["no exp", `Bearer ${await appJwt({ claims: { exp: undefined } })}`],
      ["no iat", `Bearer ${await appJwt({ claims: { iat: undefined } })}`],
      ["iat an hour ahead", `Bearer ${await appJwt({ claims: { iat: nowS() + 3600, exp: nowS() + 3900 } })}`],
      ["wrong aud", `Bearer ${await appJwt({ claims: { aud: "someone-else" } })}`],
      ["iss not the app", `Bearer ${await appJwt({ claims: { iss: "app_other" } })}`],
      ["kid not an app", `Bearer ${await appJwt({ header: { kid: "app_nope" } })}`],
      ["typ not JWT", `Bearer ${await appJwt({ header: { typ: "forge-installation-receipt+jwt" } })}`],
      ["alg none", `Bearer ${(await appJwt({ header: { alg: "none" } })).split(".").slice(0, 2).join(".")}.`],
      [
        "tampered claims",
        `Bearer ${(await appJwt()).replace(/\.[^.]+\./, `.${b64url(JSON.stringify({ iss: w.appId, aud: "forge-apps", iat: nowS(), exp: nowS() + 3000 }))}.`)}`,
      ],
      ["oit_ unknown", "Bearer oit_0000"],
    ];
    for (const [label, auth] of refused) {
      const r = await call("GET", "/app", auth === undefined ? {} : { auth });
      checkError(label, r, 401);
      for (const h of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-used"])
        if (r.headers.has(h)) failures.push(`${label}: an authentication failure carries ${h} (not charged)`);
    }
    expect(failures).toEqual([]);
  });

  it("mints installation tokens within 15 minutes and the JWT's exp, and they authenticate until revoked", async () => {
    const w = await world();
    const { call, checkError, appJwt, nowS, failures, clock } = w;
    const path = `/app/installations/${w.installationId}/access_tokens`;
    const short = await call("POST", path, {
      auth: `Bearer ${await appJwt({ claims: { exp: nowS() + 120 } })}`,
      body: {},
    });
    if (short.status !== 200 || !/^oit_/.test(short.json?.token ?? ""))
      failures.push(`mint: ${short.status} ${short.text}`);
    if (Date.parse(short.json.expiresAt) > (nowS() + 120) * 1000)
      failures.push("token outlives the requesting JWT's exp");
    const long = await call("POST", path, { auth: `Bearer ${await appJwt()}` });
    if (long.status !== 200) failures.push(`mint without body: ${long.status}`);
    if (Date.parse(long.json.expiresAt) > clock.t + 15 * 60_000) failures.push("token lives more than 15 minutes");
    const token = long.json.token as string;
    const repos = await call("GET", "/installation/repos", { auth: `Bearer ${token}` });
    if (
      repos.status !== 200 ||
      !Array.isArray(repos.json?.repositories) ||
      typeof repos.json?.nextPageToken !== "string"
    )
      failures.push(`installation repos: ${repos.status} ${repos.text.slice(0, 100)}`);
    if (!["all", "selected"].includes(repos.json?.repoSelectionMode)) failures.push("repoSelectionMode");
    checkError(
      "widening scopes",
      await call("POST", path, { auth: `Bearer ${await appJwt()}`, body: { scopes: ["repository:mirror:write"] } }),
      400,
    );
    checkError(
      "unknown repository",
      await call("POST", path, { auth: `Bearer ${await appJwt()}`, body: { repositoryIds: ["repo_nope"] } }),
      400,
    );
    checkError(
      "unknown installation",
      await call("POST", "/app/installations/inst_nope/access_tokens", { auth: `Bearer ${await appJwt()}` }),
      404,
      5,
    );
    checkError("installation token on an app route", await call("GET", "/app", { auth: `Bearer ${token}` }), 403);
    clock.t += 15 * 60_000 + 1000;
    checkError("expired token", await call("GET", "/installation/repos", { auth: `Bearer ${token}` }), 401);
    const fresh = (await call("POST", path, { auth: `Bearer ${await appJwt()}` })).json.token;
    const del = await call("DELETE", `/app/installations/${w.installationId}`, { auth: `Bearer ${await appJwt()}` });
    if (del.status !== 204 || del.text !== "") failures.push(`delete installation: ${del.status} ${del.text}`);
    checkError(
      "token of a deleted installation",
      await call("GET", "/installation/repos", { auth: `Bearer ${fresh}` }),
      401,
    );
    checkError(
      "deleted installation",
      await call("GET", `/app/installations/${w.installationId}`, { auth: `Bearer ${await appJwt()}` }),
      404,
      5,
    );
    expect(failures).toEqual([]);
  });

  it("answers the RPC error body with X-Request-ID everywhere, 404 for unmatched routes, and pages by pageSize/pageToken", async () => {
    const w = await world();
    const { call, checkError, appJwt, failures } = w;
    const auth = `Bearer ${await appJwt()}`;
    const unmatched = await call("GET", "/no/such/route?secret=abc", { auth });
    checkError("unmatched path", unmatched, 404, 5);
    if (/secret=abc/.test(unmatched.json?.message ?? "")) failures.push("unmatched message names the query string");
    if (!/GET/.test(unmatched.json?.message ?? "") || !/\/no\/such\/route/.test(unmatched.json?.message ?? ""))
      failures.push("unmatched message does not name method and path");
    checkError("wrong method", await call("PUT", "/app", { auth }), 404, 5);
    const echoed = await call("GET", "/app/installations/inst_nope", {
      auth,
      headers: { "x-request-id": "my-request-17" },
    });
    checkError("echoed request id", echoed, 404, 5);
    if (echoed.headers.get("x-request-id") !== "my-request-17") failures.push("client x-request-id not echoed");

    // Pagination of GET /app/installations: add installations until there are 3.
    w.fake.forge.createInstallation({ appId: w.appId });
    w.fake.forge.createInstallation({ appId: w.appId });
    for (const q of ["pageSize=0", "pageSize=101", "pageSize=abc", "pageSize=2.5", "pageSize=-1", "pageToken=garbage"])
      checkError(`installations ?${q}`, await call("GET", `/app/installations?${q}`, { auth }), 400, 3);
    const all = await call("GET", "/app/installations", { auth });
    if (all.json?.nextPageToken !== "")
      failures.push(`last page nextPageToken ${JSON.stringify(all.json?.nextPageToken)}`);
    const ids: string[] = [];
    let token = "";
    for (let i = 0; i < 5; i++) {
      const page = await call(
        "GET",
        `/app/installations?pageSize=1${token ? `&pageToken=${encodeURIComponent(token)}` : ""}`,
        { auth },
      );
      ids.push(...page.json.installations.map((x: Json) => x.id));
      token = page.json.nextPageToken;
      if (token === "") break;
    }
    if (ids.length !== all.json.installations.length || new Set(ids).size !== ids.length)
      failures.push(`paged ids ${ids}`);
    // A token of one list is no token of another (filters or lists changed).
    const first = await call("GET", "/app/installations?pageSize=1", { auth });
    const mint = await call("POST", `/app/installations/${w.installationId}/access_tokens`, { auth });
    const inst = `Bearer ${mint.json.token}`;
    checkError(
      "foreign page token",
      await call("GET", `/installation/repos?pageToken=${first.json.nextPageToken}`, { auth: inst }),
      400,
      3,
    );
    const firstRepos = await call("GET", "/installation/repos?pageSize=1", { auth: inst });
    checkError(
      "changed filter",
      await call("GET", `/installation/repos?filter=web&pageToken=${firstRepos.json.nextPageToken}`, { auth: inst }),
      400,
      3,
    );
    expect(failures).toEqual([]);
  });

  it("charges points with the documented headers, answers 429 with Retry-After 60 and code 8, and leaves 0-cost calls unmetered", async () => {
    const w = await world({ forge: { rateLimits: { app: 3 } } });
    const { call, checkError, appJwt, failures, clock } = w;
    const auth = `Bearer ${await appJwt()}`;
    const rate = await call("GET", "/rate_limit", { auth });
    if (rate.status !== 200) failures.push(`rate_limit ${rate.status}`);
    for (const h of [
      "x-ratelimit-limit",
      "x-ratelimit-remaining",
      "x-ratelimit-used",
      "x-ratelimit-reset",
      "x-ratelimit-resource",
    ])
      if (rate.headers.has(h)) failures.push(`GET /rate_limit (cost 0) carries ${h}`);
    const core = rate.json?.resources?.core;
    if (!core || JSON.stringify(core) !== JSON.stringify(rate.json?.rate))
      failures.push("rate does not mirror resources.core");
    for (const k of ["limit", "remaining", "reset", "used"])
      if (!Number.isInteger(core?.[k])) failures.push(`core.${k}`);
    const discovery = await call("GET", "/.well-known/openid-configuration");
    if (discovery.status !== 200 || discovery.json?.issuer !== `${BASE}/v1/forge`)
      failures.push(`discovery ${discovery.text}`);
    const keys = await call("GET", "/keys");
    if (keys.headers.get("cache-control")?.replace(/\s/g, "") !== "public,max-age=600,stale-if-error=600")
      failures.push(`keys cache-control ${keys.headers.get("cache-control")}`);
    for (const k of keys.json?.keys ?? [])
      if (k.kty !== "OKP" || k.crv !== "Ed25519" || k.use !== "sig" || k.alg !== "EdDSA" || !k.kid || !k.x)
        failures.push("JWK members");

    for (let i = 1; i <= 3; i++) {
      const r = await call("GET", "/app", { auth });
      const h = (n: string) => r.headers.get(n);
      if (r.status !== 200) failures.push(`charged call ${i}: ${r.status}`);
      if (
        h("x-ratelimit-limit") !== "3" ||
        h("x-ratelimit-used") !== String(i) ||
        h("x-ratelimit-remaining") !== String(3 - i)
      )
        failures.push(
          `call ${i}: limit/used/remaining ${h("x-ratelimit-limit")}/${h("x-ratelimit-used")}/${h("x-ratelimit-remaining")}`,
        );
      if (h("x-ratelimit-reset") !== String(Math.floor(clock.t / 1000) + 60))
        failures.push(`call ${i}: reset ${h("x-ratelimit-reset")}`);
      if (h("x-ratelimit-resource") !== "core") failures.push(`call ${i}: resource`);
      clock.t += 1000;
    }
    const over = await call("GET", "/app", { auth });
    checkError("over budget", over, 429, 8);
    if (over.headers.get("retry-after") !== "60") failures.push(`Retry-After ${over.headers.get("retry-after")}`);
    if (over.headers.get("x-ratelimit-remaining") !== "0") failures.push("429 remaining not 0");
    clock.t += 60_000;
    if ((await call("GET", "/app", { auth })).status !== 200) failures.push("budget not restored after a minute");
    // An injected rate_limit fault answers like the forge's own 429: code 8, Retry-After and all the headers, Remaining 0.
    clock.t += 60_000;
    for (const [label, credential] of [
      ["app", auth],
      [
        "installation",
        `Bearer ${(await call("POST", `/app/installations/${w.installationId}/access_tokens`, { auth })).json?.token}`,
      ],
    ] as const) {
      const path = label === "app" ? "/app" : "/installation/repos";
      w.fake.faults.add({ kind: "rate_limit", route: `GET /v1/forge${path}` });
      const faulted = await call("GET", path, { auth: credential });
      checkError(`${label} rate_limit fault`, faulted, 429, 8);
      for (const h of [
        "retry-after",
        "x-ratelimit-limit",
        "x-ratelimit-used",
        "x-ratelimit-reset",
        "x-ratelimit-resource",
      ])
        if (!faulted.headers.has(h)) failures.push(`${label} rate_limit fault lacks ${h}`);
      if (faulted.headers.get("x-ratelimit-remaining") !== "0")
        failures.push(`${label} rate_limit fault: remaining not 0`);
      if (
        faulted.headers.get("x-ratelimit-resource") !== null &&
        faulted.headers.get("x-ratelimit-resource") !== "core"
      )
        failures.push(`${label} rate_limit fault: resource`);
    }
    expect(failures).toEqual([]);
  });

  it("manages signing keys as documented: kid = base64url SHA-256 of the SPKI DER, 409 duplicate, 10 active, revoke stops auth", async () => {
    const w = await world();
    const { call, checkError, appJwt, failures, appId, key } = w;
    const user = "Bearer forge-user-token";
    const path = `/apps/${appId}/signing_keys`;
    const second = await newKey();
    const added = await call("POST", path, { auth: user, body: { publicKey: second.pem } });
    const digest = b64url(new Uint8Array(await crypto.subtle.digest("SHA-256", second.spki)));
    if (added.status !== 200 || added.json?.kid !== digest)
      failures.push(`add key: ${added.status} kid ${added.json?.kid} (want ${digest})`);
    const bySecond = await call("GET", "/app", { auth: `Bearer ${await appJwt({ key: second.privateKey })}` });
    if (bySecond.status !== 200) failures.push(`JWT by the second key: ${bySecond.status}`);
    checkError("duplicate key", await call("POST", path, { auth: user, body: { publicKey: second.pem } }), 409);
    checkError("not a PEM", await call("POST", path, { auth: user, body: { publicKey: "nope" } }), 400);
    checkError("no publicKey", await call("POST", path, { auth: user, body: {} }), 400);
    checkError(
      "app JWT on a user route",
      await call("POST", path, { auth: `Bearer ${await appJwt()}`, body: { publicKey: (await newKey()).pem } }),
      403,
    );
    for (let i = 0; i < 8; i++) await call("POST", path, { auth: user, body: { publicKey: (await newKey()).pem } });
    checkError(
      "eleventh key",
      await call("POST", path, { auth: user, body: { publicKey: (await newKey()).pem } }),
      400,
    );
    const firstKid = b64url(new Uint8Array(await crypto.subtle.digest("SHA-256", key.spki)));
    const del = await call("DELETE", `${path}/${firstKid}`, { auth: user });
    if (del.status !== 204 || del.text !== "") failures.push(`revoke: ${del.status} ${del.text}`);
    checkError("JWT by a revoked key", await call("GET", "/app", { auth: `Bearer ${await appJwt()}` }), 401);
    checkError("revoke unknown kid", await call("DELETE", `${path}/${firstKid}`, { auth: user }), 404, 5);
    expect(failures).toEqual([]);
  });
});
