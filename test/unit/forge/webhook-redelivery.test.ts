import { afterEach, describe, expect, it, vi } from "vitest";
import { BadRequestError, InternalServerError, ValidationError } from "../../../src/core/errors.js";
import { publishedKeys, type Received, setup, T0, verifications } from "./webhook-delivery-setup.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("ForgeApp webhooks: redeliver, ping, recover", () => {
  it("redelivers with queued / already_in_flight / not_found, validated before the network", async () => {
    const { fake, app, emit, receiver } = await setup();
    receiver.respond = () => new Response(null, { status: 500 });
    const [failed] = await emit();
    const id = failed?.id as string;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    receiver.respond = async () => {
      await gate;
      return new Response(null, { status: 200 });
    };
    const first = await app.webhooks.redeliver([id, "dlv_unknown"]);
    expect(first.results).toEqual([
      { deliveryId: id, outcome: "queued" },
      { deliveryId: "dlv_unknown", outcome: "not_found" },
    ]);
    expect((await app.webhooks.redeliver([id])).results[0]?.outcome).toBe("already_in_flight");
    release();
    await fake.forge.webhooks.runDue();
    const {
      items: [listed],
    } = await app.webhooks.deliveries.list({ eventType: "pull_request.created" });
    expect(listed?.lastAttempt?.trigger).toBe("manual");
    expect(listed?.deliveredAt).toBeDefined();

    const before = fake.requests.length;
    await expect(app.webhooks.redeliver([])).rejects.toMatchObject({ path: "deliveryIds" });
    await expect(app.webhooks.redeliver([id, id])).rejects.toMatchObject({ rule: "unique" });
    const tooMany = Array.from({ length: 101 }, (_, i) => `dlv_${i}`);
    await expect(app.webhooks.redeliver(tooMany)).rejects.toBeInstanceOf(ValidationError);
    expect(fake.requests.length).toBe(before);

    // The forge itself drops repeats in first-seen order and refuses an empty list with InvalidArgument.
    const post = async (deliveryIds: unknown) =>
      fake.fetch("/v1/forge/app/webhook/deliveries:batchRedeliver", {
        method: "POST",
        headers: { authorization: `Bearer ${await app.appJwt()}`, "content-type": "application/json" },
        body: JSON.stringify({ deliveryIds }),
      });
    const repeated = await post(["dlv_x", id, "dlv_x"]);
    expect(repeated.status).toBe(202);
    expect(
      ((await repeated.json()) as { results: Array<{ deliveryId: string }> }).results.map((r) => r.deliveryId),
    ).toEqual(["dlv_x", id]);
    const empty = await post([]);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: 3 });
    await fake.forge.webhooks.runDue();
  });

  it("pings once, synchronously, signed and unlisted; a failing receiver is a result; no address is FailedPrecondition", async () => {
    const { fake, app, receiver } = await setup();
    const count = fake.forge.webhooks.deliveries().length;
    const ok = await app.webhooks.ping();
    expect(ok).toMatchObject({ delivered: true, responseStatusCode: 204 });
    const ping = receiver.received.at(-1) as Received;
    expect(ping.id).toBe(ok.deliveryId);
    expect(ping.type).toBe("ping");
    expect(ping.installationId).toBeNull();
    expect(JSON.parse(ping.body)).toMatchObject({ id: ok.eventId, type: "ping" });
    expect(await verifications(await publishedKeys(fake), ping)).toBe(1);
    expect(fake.forge.webhooks.deliveries()).toHaveLength(count);
    expect((await app.webhooks.deliveries.list()).items.map((d) => d.id)).not.toContain(ok.deliveryId);
    expect((await app.webhooks.redeliver([ok.deliveryId])).results[0]?.outcome).toBe("not_found");

    receiver.respond = () => new Response("nope", { status: 500 });
    expect(await app.webhooks.ping()).toMatchObject({ delivered: false, responseStatusCode: 500 });
    const sent = receiver.received.length;
    receiver.respond = () => Promise.reject(new TypeError("connection refused"));
    expect(await app.webhooks.ping()).toMatchObject({ delivered: false, responseStatusCode: 0 });
    expect(receiver.received.length).toBe(sent + 1);
    await fake.forge.webhooks.runDue();
    expect(receiver.received.length).toBe(sent + 1);

    const bare = await setup({ webhookUrl: "" });
    const error = await bare.app.webhooks.ping().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: "failed_precondition" });
  });

  it("pings over the network when no receiver is set: an unreachable address reports status 0", async () => {
    const { fake, app } = await setup({ webhookUrl: "http://127.0.0.1:9/hooks" });
    fake.forge.webhooks.setReceiver(null);
    expect(await app.webhooks.ping()).toMatchObject({ delivered: false, responseStatusCode: 0 });
  });

  it("recover() after an outage redelivers every missed delivery exactly once, in batches of 100", async () => {
    const { clock, fake, app, emit, receiver } = await setup({ maxRetries: 0 });
    const [early] = await emit();
    receiver.respond = () => new Response(null, { status: 503 });
    clock.now = T0 + 60_000;
    const missed: string[] = [];
    for (let i = 0; i < 105; i++) missed.push((await emit("repository.pushed"))[0]?.id as string);
    clock.now = T0 + 3_600_000;
    await fake.forge.webhooks.runDue();
    expect(fake.forge.webhooks.deliveries().filter((d) => d.deliveredAt === undefined)).toHaveLength(105);

    receiver.respond = () => new Response(null, { status: 200 });
    const afterOutage = receiver.received.length;
    const { results } = await app.webhooks.recover({ since: new Date(T0 + 1) });
    expect(results.map((r) => r.outcome)).toEqual(Array(105).fill("queued"));
    expect(new Set(results.map((r) => r.deliveryId))).toEqual(new Set(missed));
    const batches = fake.requests.filter((r) => r.path.endsWith(":batchRedeliver"));
    expect(batches.map((r) => (r.body as { deliveryIds: string[] }).deliveryIds.length)).toEqual([100, 5]);
    await fake.forge.webhooks.runDue();
    const redelivered = receiver.received.slice(afterOutage).map((r) => r.id);
    expect(redelivered.sort()).toEqual([...missed].sort());
    expect(redelivered).not.toContain(early?.id);
    expect(fake.forge.webhooks.deliveries().every((d) => d.deliveredAt !== undefined)).toBe(true);
    expect((await app.webhooks.recover({ since: new Date(T0) })).results).toEqual([]);

    // A failed batch does not stop the next one; its ids come back as `failed` with the error.
    receiver.respond = () => new Response(null, { status: 503 });
    for (let i = 0; i < 101; i++) await emit("repository.pushed");
    receiver.respond = () => new Response(null, { status: 200 });
    fake.faults.add({ kind: "server_error", route: "POST /v1/forge/app/webhook/deliveries:batchRedeliver" });
    const partial = await app.webhooks.recover({ since: new Date(T0) });
    expect(partial.results.filter((r) => r.outcome === "failed")).toHaveLength(100);
    expect(partial.results.find((r) => r.outcome === "failed")?.error).toBeInstanceOf(InternalServerError);
    expect(partial.results.at(-1)?.outcome).toBe("queued");
    await fake.forge.webhooks.runDue();
    const before = fake.requests.length;
    await expect(app.webhooks.recover({ since: "an hour ago" })).rejects.toMatchObject({ path: "since" });
    await expect(app.webhooks.recover({} as never)).rejects.toMatchObject({ path: "since", rule: "required" });
    expect(fake.requests.length).toBe(before);
  });
});
