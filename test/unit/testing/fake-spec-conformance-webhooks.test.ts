// The fake forge's webhook deliveries against spec/forge-api.md § Events and DESIGN.md's v1ed scheme: signatures
// checked by a verifier written here with WebCrypto, the retry schedule, redelivery, pings and address changes.
import { describe, expect, it } from "vitest";
import { enc, fromB64, type Json, world } from "./spec-conformance-forge-helpers.js";

describe("fake forge webhook deliveries against the spec (raw requests)", () => {
  it("signs every delivery so a verifier written from the spec accepts it, and retries on the documented schedule", async () => {
    const w = await world();
    const { fake, clock, failures, call, appJwt } = w;
    const seen: Array<{ at: number; request: Request; body: string }> = [];
    let answer = 500;
    fake.forge.webhooks.setReceiver(async (request) => {
      seen.push({ at: clock.t, request, body: await request.text() });
      return new Response(null, { status: answer });
    });
    // Our own verifier: `${webhook-id}.${webhook-timestamp}.${rawBody}`, `v1ed,<base64>` entries, each /keys key tried.
    const jwks = (await call("GET", "/keys")).json.keys as Json[];
    const publicKeys = await Promise.all(
      jwks.map((k) =>
        crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x: k.x }, "Ed25519", false, ["verify"]),
      ),
    );
    async function verifies(request: Request, body: string, at: number): Promise<boolean> {
      const id = request.headers.get("webhook-id");
      const ts = request.headers.get("webhook-timestamp");
      const sig = request.headers.get("webhook-signature");
      if (!id || !ts || !sig || !/^\d+$/.test(ts)) return false;
      if (Math.abs(Number(ts) - Math.floor(at / 1000)) > 300) return false;
      const content = enc.encode(`${id}.${ts}.${body}`);
      for (const entry of sig.split(" ")) {
        const [scheme, value] = entry.split(",");
        if (scheme !== "v1ed" || !value) continue;
        for (const key of publicKeys)
          if (await crypto.subtle.verify("Ed25519", key, fromB64(value), content)) return true;
      }
      return false;
    }

    const repoId = fake.forge.state.repositories[0]?.id as string;
    const [delivery] = await fake.forge.webhooks.emit({
      type: "repository.pushed",
      repositoryId: repoId,
      payload: { ref: "refs/heads/main" },
    });
    if (!delivery) throw new Error("no delivery emitted");
    const start = clock.t;
    for (let step = 0; step < 40 * 60; step++) {
      clock.t += 1000;
      await fake.forge.webhooks.runDue();
    }
    const attempts = seen.map((s) => s.at - start);
    const gaps = attempts.slice(1).map((t, i) => t - (attempts[i] as number));
    // Spec: seven retries; the first 5 s after the failure; listed delays 5 s, 30 s, 1, 2, 4, 8 min; ~16 minutes.
    if (seen.length !== 8) failures.push(`attempts ${seen.length} (want 1 + 7 retries)`);
    if (gaps[0] !== 5000) failures.push(`first retry after ${gaps[0]} ms`);
    const listed = [30_000, 60_000, 120_000, 240_000, 480_000];
    if (!gaps.join().includes(listed.join())) failures.push(`gaps ${gaps.join()} lack the listed 30 s..8 min run`);
    if ((attempts.at(-1) ?? 0) > 17 * 60_000) failures.push(`retries span ${attempts.at(-1)} ms (> ~16 min)`);
    for (const [i, s] of seen.entries()) {
      if (s.request.method !== "POST") failures.push(`attempt ${i}: ${s.request.method}`);
      if (s.request.headers.get("webhook-id") !== delivery.id) failures.push(`attempt ${i}: webhook-id`);
      if (s.request.headers.get("webhook-event-type") !== "repository.pushed")
        failures.push(`attempt ${i}: event type`);
      if (!s.request.headers.get("webhook-installation-id")) failures.push(`attempt ${i}: no webhook-installation-id`);
      if (s.body !== seen[0]?.body) failures.push(`attempt ${i}: body changed between attempts`);
      if (!(await verifies(s.request, s.body, s.at))) failures.push(`attempt ${i}: signature does not verify`);
    }
    const body = JSON.parse(seen[0]?.body ?? "{}");
    if (body.type !== "repository.pushed" && body.event?.type !== "repository.pushed")
      failures.push("body names no event type");

    // The list reports it undelivered; batch redeliver sends it once more, signed.
    const auth = `Bearer ${await appJwt()}`;
    const listed2 = await call("GET", "/app/webhook/deliveries?delivered=false", { auth });
    if (!listed2.json?.deliveries?.some((d: Json) => d.id === delivery.id))
      failures.push("undelivered delivery not listed");
    const d = listed2.json?.deliveries?.find((x: Json) => x.id === delivery.id);
    if (d && (d.lastAttempt?.trigger !== "automatic" || d.lastAttempt?.responseStatusCode !== 500))
      failures.push(`lastAttempt ${JSON.stringify(d.lastAttempt)}`);
    answer = 204;
    const redeliver = await call("POST", "/app/webhook/deliveries:batchRedeliver", {
      auth,
      body: { deliveryIds: [delivery.id, "dlv_nope", delivery.id] },
    });
    if (redeliver.status !== 202) failures.push(`batchRedeliver ${redeliver.status}`);
    const outcomes = (redeliver.json?.results ?? []).map((r: Json) => `${r.deliveryId}:${r.outcome}`);
    if (outcomes.join() !== `${delivery.id}:queued,dlv_nope:not_found`) failures.push(`redeliver results ${outcomes}`);
    await fake.forge.webhooks.runDue();
    const last = seen.at(-1);
    if (seen.length !== 9 || !last || !(await verifies(last.request, last.body, last.at)))
      failures.push("manual redelivery not sent signed");
    for (const ids of [[], Array.from({ length: 101 }, (_, i) => `dlv_${i}`)])
      w.checkError(
        `redeliver ${ids.length}`,
        await call("POST", "/app/webhook/deliveries:batchRedeliver", { auth, body: { deliveryIds: ids } }),
        400,
      );

    // A ping: signed, event type ping, no installation header, reported in the body.
    const before = seen.length;
    answer = 503;
    const ping = await call("POST", "/app/webhook/pings", { auth, body: {} });
    const p = seen[before];
    if (ping.status !== 200 || ping.json?.delivered !== false || ping.json?.responseStatusCode !== 503)
      failures.push(`ping ${ping.text}`);
    if (!p) failures.push("no ping arrived");
    else {
      const headers = p.request.headers;
      if (headers.get("webhook-event-type") !== "ping" || headers.has("webhook-installation-id"))
        failures.push("ping headers");
      if (!(await verifies(p.request, p.body, p.at))) failures.push("ping signature");
    }
    clock.t += 60 * 60_000;
    await fake.forge.webhooks.runDue();
    if (seen.length !== before + 1) failures.push("a ping was retried");
    expect(failures).toEqual([]);
  });
  it("PATCH /apps: at least one field, empty webhookUrl cancels pending deliveries for good, pings need an address", async () => {
    const w = await world();
    const { fake, call, checkError, appJwt, failures, appId, clock } = w;
    const user = "Bearer forge-user-token";
    let sent = 0;
    fake.forge.webhooks.setReceiver(async () => {
      sent++;
      return new Response(null, { status: 500 });
    });
    checkError("empty PATCH", await call("PATCH", `/apps/${appId}`, { auth: user, body: {} }), 400);
    const repoId = fake.forge.state.repositories[0]?.id as string;
    await fake.forge.webhooks.emit({ type: "repository.pushed", repositoryId: repoId });
    const cleared = await call("PATCH", `/apps/${appId}`, { auth: user, body: { webhookUrl: "" } });
    if (cleared.status !== 200 || cleared.json?.webhookUrl !== "")
      failures.push(`clear webhookUrl: ${cleared.status} ${cleared.text.slice(0, 100)}`);
    checkError(
      "ping without address",
      await call("POST", "/app/webhook/pings", { auth: `Bearer ${await appJwt()}`, body: {} }),
      400,
    );
    await call("PATCH", `/apps/${appId}`, { auth: user, body: { webhookUrl: "https://hooks.example.test/again" } });
    const before = sent;
    for (let i = 0; i < 30; i++) {
      clock.t += 60_000;
      await fake.forge.webhooks.runDue();
    }
    if (sent !== before) failures.push(`${sent - before} cancelled attempts were sent after the address came back`);
    const events = await call("PATCH", `/apps/${appId}`, {
      auth: user,
      body: { events: { events: ["pull_request.created"] } },
    });
    if (JSON.stringify(events.json?.events) !== JSON.stringify(["pull_request.created"]))
      failures.push(`events clean-replace ${events.text.slice(0, 100)}`);
    expect(failures).toEqual([]);
  });
});
