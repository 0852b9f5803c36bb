// createWebhookHandler against deliveries signed with WebCrypto (webcrypto-forge.ts) the way the forge retries them:
// the same webhook-id re-signed at other timestamps, arriving concurrently, interleaved with forged copies of that id.
// Also: what a refusal tells the sender (status, body, headers) and what is left running once every answer is out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryDedupeStore } from "../../../src/webhooks/dedupe.js";
import type { WebhookEvent } from "../../../src/webhooks/events.js";
import { createWebhookHandler } from "../../../src/webhooks/handler.js";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import { type CountingKeyServer, countingKeyServer, signedHeaders, type WebKey, webKey } from "./webcrypto-forge.js";

const T = 1_800_000_000;
const now = () => T * 1000;
let genuine: WebKey;
let forger: WebKey;
let server: CountingKeyServer;

beforeAll(async () => {
  genuine = await webKey();
  forger = await webKey();
  server = await countingKeyServer([genuine.jwk]);
});
afterAll(() => server.close());

const bodyOf = (id: string) =>
  JSON.stringify({ id, type: "pull_request.created", installation: { id: "inst_7" }, pullRequest: { number: 1 } });

async function request(signers: WebKey[], id: string, timestamp: number, body = bodyOf(id)): Promise<Request> {
  const headers = await signedHeaders(signers, id, timestamp, body);
  return new Request("https://app.example/hook", {
    method: "POST",
    headers: { ...headers, "webhook-event-type": "pull_request.created", "webhook-installation-id": "inst_7" },
    body,
  });
}

type Mode = "awaited" | "waitUntil" | "queue";

describe("createWebhookHandler under the forge's retries", () => {
  it("runs 40 ids exactly once each under 5 re-signed copies and 2 forged copies each, in every mode", async () => {
    const wrong: string[] = [];
    for (const mode of ["awaited", "waitUntil", "queue"] as Mode[]) {
      const runs = new Map<string, number>();
      const count = (event: WebhookEvent) => runs.set(event.id, (runs.get(event.id) ?? 0) + 1);
      const pending: Promise<unknown>[] = [];
      const handler = createWebhookHandler({
        keys: new ForgeKeys({ baseUrl: server.baseUrl, now }),
        now,
        dedupe: new MemoryDedupeStore({ now }),
        ...(mode === "queue"
          ? { queue: { send: async (event: WebhookEvent) => void count(event) } }
          : { onUnhandled: count, on: { "pull_request.created": count } }),
      });
      const ctx = mode === "waitUntil" ? { waitUntil: (p: Promise<unknown>) => void pending.push(p) } : undefined;
      const ids = Array.from({ length: 40 }, (_, i) => `msg_${mode}_${i}`);
      const copies: Array<{ what: string; request: Request; genuine: boolean }> = [];
      for (const id of ids) {
        // Forged copies first and between: a refused copy must not claim the id for the genuine ones.
        copies.push({ what: `${id} forged`, request: await request([forger], id, T), genuine: false });
        for (const [n, skew] of [-299, -120, 0, 60, 300].entries()) {
          const signers = n % 2 ? [forger, genuine] : [genuine];
          copies.push({ what: `${id} copy ${n}`, request: await request(signers, id, T + skew), genuine: true });
          if (n === 2) {
            const reused = await request([genuine], id, T);
            const body = bodyOf("msg_other");
            const forged = new Request(reused.url, { method: "POST", headers: reused.headers, body });
            copies.push({ what: `${id} body swapped`, request: forged, genuine: false });
          }
        }
      }
      const answers = await Promise.all(copies.map(({ request: r }) => handler(r, undefined, ctx)));
      await Promise.all(pending);
      for (const [index, answer] of answers.entries()) {
        const { what, genuine: isGenuine } = copies[index] as (typeof copies)[number];
        const ok = answer.status >= 200 && answer.status < 300;
        if (isGenuine !== ok) wrong.push(`${mode} ${what}: ${answer.status}`);
      }
      for (const id of ids) if (runs.get(id) !== 1) wrong.push(`${mode} ${id}: ran ${runs.get(id) ?? 0} times`);
      if (runs.size !== ids.length) wrong.push(`${mode}: ${runs.size} ids ran`);
    }
    console.log(`forge retries: 3 modes × 40 ids × 7 copies, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  });

  it("tells a refused sender nothing: a fixed body, no key, signature, id or header value, for every refusal", async () => {
    const keys = new ForgeKeys({ baseUrl: server.baseUrl, now });
    const reasons: string[] = [];
    const handler = createWebhookHandler({
      keys,
      now,
      onUnhandled: () => undefined,
      onError: (_, info) => void reasons.push(String(info.reason)),
    });
    const good = await request([genuine], "msg_secret_id_42", T);
    const headers = Object.fromEntries(good.headers);
    const body = bodyOf("msg_secret_id_42");
    const secret = "Bearer sk_live_0123456789abcdef";
    const cases: Record<string, [Record<string, string>, string]> = {
      "forged signature": [
        {
          ...headers,
          "webhook-signature": (await request([forger], "msg_secret_id_42", T)).headers.get("webhook-signature") ?? "",
        },
        body,
      ],
      "old timestamp": [{ ...headers, "webhook-timestamp": String(T - 301) }, body],
      "future timestamp": [{ ...headers, "webhook-timestamp": String(T + 301) }, body],
      "malformed timestamp": [{ ...headers, "webhook-timestamp": secret }, body],
      "missing id": [Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "webhook-id")), body],
      "malformed signature": [{ ...headers, "webhook-signature": `v1ed,${secret}` }, body],
      "tampered body": [headers, body.replace("inst_7", "inst_8")],
      "event type mismatch": [{ ...headers, "webhook-event-type": "installation.deleted" }, body],
      "installation mismatch": [{ ...headers, "webhook-installation-id": "inst_9" }, body],
    };
    const unauthenticated = ["forged signature", "old timestamp", "future timestamp", "tampered body"];
    const wrong: string[] = [];
    const forbidden = [
      secret,
      "sk_live",
      "msg_secret_id_42",
      genuine.jwk.x,
      String(headers["webhook-signature"]).slice(5, 30),
      String(T - 301),
      "inst_9",
    ];
    for (const [name, [caseHeaders, caseBody]] of Object.entries(cases)) {
      const answer = await handler(
        new Request("https://app.example/hook", { method: "POST", headers: caseHeaders, body: caseBody }),
      );
      const text = await answer.text();
      const shown = `${text} ${JSON.stringify([...answer.headers])}`;
      // Not signed by the forge (or too old or new to tell): 401; the delivery's form is wrong: 400.
      const status = unauthenticated.includes(name) ? 401 : 400;
      if (answer.status !== status) wrong.push(`${name}: status ${answer.status}, expected ${status}`);
      if (text !== "invalid webhook") wrong.push(`${name}: body ${JSON.stringify(text)}`);
      for (const part of forbidden) if (shown.includes(part)) wrong.push(`${name}: shows ${part}`);
    }
    console.log(`refusals: ${Object.keys(cases).length} cases (${reasons.join(", ")}), ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
    expect(reasons).toHaveLength(Object.keys(cases).length);
  });

  it("leaves no timer, socket or pending promise behind once every answer is out", async () => {
    const before = process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    const own = await countingKeyServer([genuine.jwk]);
    const handler = createWebhookHandler({
      keys: new ForgeKeys({ baseUrl: own.baseUrl, now, timeoutMs: 60_000 }),
      now,
      onUnhandled: () => undefined,
      on: { "pull_request.created": () => undefined },
    });
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => handler(await request([i % 3 ? genuine : forger], `msg_t${i}`, T))),
    );
    await Promise.all(answers.map((answer) => answer.text()));
    await own.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const after = process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(20).fill(200), ...Array(10).fill(401)]);
    expect(after).toBeLessThanOrEqual(before);
  });
});

describe("createWebhookHandler with signed bodies of odd JSON shapes", () => {
  it("answers each genuine one 2xx and hands it to onUnhandled or its handler, never a raw error", async () => {
    const keys = new ForgeKeys({ baseUrl: server.baseUrl, now });
    const seen: string[] = [];
    const errors: unknown[] = [];
    const handler = createWebhookHandler({
      keys,
      now,
      onUnhandled: (event) => void seen.push(event.type),
      on: { ping: (event) => void seen.push(`on:${event.type}`) },
      onError: (error) => void errors.push(error),
    });
    const bodies = ["null", "[]", "0", '"ping"', "{}", '{"type":7}', '{"type":"ping","installation":null}', "\uFEFF{}"];
    const wrong: string[] = [];
    for (const [i, body] of bodies.entries()) {
      const headers = await signedHeaders([genuine], `msg_odd_${i}`, T, body);
      const answer = await handler(
        new Request("https://app.example/hook", {
          method: "POST",
          headers: { ...headers, "webhook-event-type": "ping" },
          body,
        }),
      );
      if (answer.status !== 200) wrong.push(`${JSON.stringify(body)}: ${answer.status} ${await answer.text()}`);
    }
    console.log(`odd bodies: ${bodies.length}, ${wrong.length} wrong, handled as ${seen.join(", ")}`);
    expect(wrong).toEqual([]);
    expect(errors).toEqual([]);
    expect(seen).toHaveLength(bodies.length);
  });
});
