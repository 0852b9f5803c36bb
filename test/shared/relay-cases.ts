// The shared suite's relay cases (issue 15): a relay from agentline/relay over the fake service, and a keyless page
// client through it, in every runtime on the built package. Each case counts what must be zero (requests sent
// upstream when refused, events lost or repeated, key bytes on the page's leg); the exhaustive sweeps live in
// test/unit/relay/, these make sure the same holds where the relay runs.
import { equal, instanceOf, ok, rejects } from "./assert.js";
import { PAGE_ORIGIN, RELAY_KEY, type RelayBedOptions, relayBed, STREAM_ROUTE } from "./relay-bed.js";
import type { SharedCase, SharedSdk } from "./suite.js";
import { secretForms } from "./trust-cases.js";

type RunEvents = Array<{ id?: string | undefined; type: string }>;

async function collect(stream: AsyncIterable<{ id?: string | undefined; type: string }>): Promise<RunEvents> {
  const events: RunEvents = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** The events that carry an id, as `id:type` (an `interaction_update` shares its sibling's id, so the type too). */
const keysOf = (events: RunEvents) => events.filter((e) => e.id !== undefined).map((e) => `${e.id}:${e.type}`);

/** A stream event's `result` status, or undefined. */
const resultStatus = (events: RunEvents) =>
  (events.find((e) => e.type === "result") as { data?: { status?: string } } | undefined)?.data?.status;

/**
 * The relay cases, bound to one build of the SDK; `mount` puts the relay in an app (hono, say) for every case.
 */
export function createRelayCases(
  sdk: SharedSdk,
  mount: Pick<RelayBedOptions, "basePath" | "serve"> = {},
): SharedCase[] {
  const mounted = (options: RelayBedOptions = {}) => relayBed(sdk, { ...mount, ...options });
  // Ids no bed makes (the bed's UUIDs count up from 1).
  const AGENT = "bc-00000000-0000-4000-8000-00000000ffff";
  const RUN = "run-00000000-0000-4000-8000-00000000ffff";
  const everyOperation = [...sdk.DEFAULT_RELAY_OPERATIONS, "agents.create"];
  /** One page call per exposed operation, each to be refused. */
  const pageCalls = (page: InstanceType<SharedSdk["AgentsClient"]>): Array<[string, () => Promise<unknown>]> => [
    ["agents.create", () => page.agents.create({ prompt: { text: "x" } })],
    ["agents.get", () => page.agents.get(AGENT)],
    ["runs.list", async () => await page.runs.list(AGENT)],
    ["runs.get", () => page.runs.get(AGENT, RUN)],
    ["runs.create", () => page.runs.create(AGENT, { prompt: { text: "x" } })],
    ["runs.cancel", () => page.runs.cancel(AGENT, RUN)],
    ["runs.stream", () => collect(page.runs.stream(AGENT, RUN))],
  ];

  return [
    {
      name: "relay: a keyless page creates, reads, follows up and cancels through it (0 page requests with a key)",
      async run() {
        const bed = mounted({ relay: { operations: everyOperation } });
        const { agent, run } = await bed.page.agents.create({ prompt: { text: "Fix the flaky test" } });
        equal((await bed.page.agents.get(agent.id)).id, agent.id, "the agent read back through the relay");
        let current = run;
        for (let step = 0; step < 20 && current.status !== "FINISHED"; step++) {
          bed.advance(500);
          current = await bed.page.runs.get(agent.id, run.id);
        }
        equal(current.status, "FINISHED", "the first run's status, read through the relay");
        const { run: followUp } = await bed.page.runs.create(agent.id, { prompt: { text: "Now the other one" } });
        ok(followUp.id !== run.id, "the follow-up is a new run");
        equal((await bed.page.runs.cancel(agent.id, followUp.id)).id, followUp.id, "the cancelled run's id");
        bed.advance(500);
        equal((await bed.page.runs.get(agent.id, followUp.id)).status, "CANCELLED", "the follow-up after cancel");
        const runs = await bed.page.runs.list(agent.id);
        equal(runs.items.map((item) => item.id).join(), `${followUp.id},${run.id}`, "the runs listed, newest first");
        ok(bed.sent.length >= 7, `the page's requests all went to the relay (${bed.sent.length})`);
        equal(bed.sent.filter((request) => request.authorization !== null).length, 0, "page requests with a key");
        const unkeyed = bed.fake.requests.filter((request) => request.headers.authorization === undefined);
        equal(unkeyed.length, 0, "upstream requests without the relay's key");
      },
    },
    {
      name: "relay: a run stream keeps its ids and resumes across cuts on either leg or both (0 lost, 0 twice)",
      async run() {
        const reference = mounted();
        const created = await reference.upstream.agents.create({ prompt: { text: "stream me" } });
        const whole = await collect(reference.upstream.runs.stream(created.agent.id, created.run.id));
        const expected = keysOf(whole);
        ok(expected.length >= 5, `the reference run has events with ids (${expected.length})`);
        // Heartbeats go through as the service sends them (they keep the page's watchdog quiet): two identical beds,
        // one read directly, one through the relay, each while its run is live.
        const heartbeats = async (through: "upstream" | "page") => {
          const beating = mounted({ fake: { heartbeatIntervalMs: 200 } });
          const { agent, run } = await beating.upstream.agents.create({ prompt: { text: "stream me" } });
          const events = await collect(beating[through].runs.stream(agent.id, run.id));
          return events.filter((event) => event.type === "heartbeat").length;
        };
        const direct = await heartbeats("upstream");
        ok(direct > 0, `the service sent heartbeats (${direct})`);
        equal(await heartbeats("page"), direct, "heartbeats relayed");
        let lost = 0;
        let twice = 0;
        let cuts = 0;
        let idsPassedOn = 0;
        const mismatched: string[] = [];
        const leftOpen: string[] = [];
        for (const leg of ["page", "upstream", "both"] as const) {
          for (let cutAfter = 1; cutAfter < whole.length - (leg === "both" ? 3 : 0); cutAfter++) {
            const bed = mounted();
            const { agent, run } = await bed.upstream.agents.create({ prompt: { text: "stream me" } });
            // Both: the upstream leg drops first (which ends the page's connection too: the relay keeps no stream
            // state), then the page's resumed connection is cut two events in (3 connections on each leg).
            if (leg !== "upstream") bed.cutNextStream(leg === "both" ? 2 : cutAfter, leg === "both" ? 1 : 0);
            if (leg !== "page")
              bed.fake.faults.add({ kind: "stream_drop", route: STREAM_ROUTE, afterEvents: cutAfter });
            const label = `${leg} leg cut after ${cutAfter}`;
            const events = await collect(bed.page.runs.stream(agent.id, run.id));
            const got = keysOf(events);
            lost += expected.filter((key) => !got.includes(key)).length;
            twice += got.filter((key, index) => got.indexOf(key) !== index).length;
            if (got.join() !== expected.join() || resultStatus(events) !== resultStatus(whole)) mismatched.push(label);
            const pageStreams = bed.sent.filter((request) => request.path.endsWith("/stream"));
            const upstreamStreams = bed.fake.requests.filter((request) => request.path.endsWith("/stream"));
            // Every page connection is one upstream connection: a cut on either leg is mended by the page resuming.
            equal(pageStreams.length, leg === "both" ? 3 : 2, `${label}: page stream requests`);
            equal(upstreamStreams.length, leg === "both" ? 3 : 2, `${label}: upstream stream requests`);
            if (bed.upstreamStreamsOpen() !== 0) leftOpen.push(label);
            cuts++;
            const resumedFrom = pageStreams[1]?.lastEventId;
            if (resumedFrom !== null && resumedFrom !== undefined) {
              // The page's Last-Event-ID went upstream as it came.
              const passedOn = upstreamStreams
                .slice(1)
                .some((request) => request.headers["last-event-id"] === resumedFrom);
              ok(passedOn, `${label}: the page's Last-Event-ID ${resumedFrom} went upstream`);
              idsPassedOn++;
            }
          }
        }
        equal(lost, 0, "events lost over every cut");
        equal(twice, 0, "events delivered twice over every cut");
        equal(mismatched.join("; "), "", "cuts after which the page's events differ from an uncut run");
        equal(leftOpen.join("; "), "", "cuts that left an upstream connection open");
        ok(cuts >= 10 && idsPassedOn > 0, `cuts tried (${cuts}), page Last-Event-IDs passed on (${idsPassedOn})`);
      },
    },
    {
      name: "relay: pages that go away (abort, or stop reading) close their upstream connection (0 left open)",
      async run() {
        let opened = 0;
        let open = 0;
        for (let page = 0; page < 10; page++) {
          const bed = mounted();
          const { agent, run } = await bed.upstream.agents.create({ prompt: { text: `page ${page}` } });
          const controller = new AbortController();
          const stream = bed.page.runs.stream(agent.id, run.id, { signal: controller.signal });
          let seen = 0;
          await rejects(async () => {
            for await (const _ of stream) {
              if (++seen < 3) continue;
              if (page % 2 === 0) controller.abort();
              else break;
            }
            if (page % 2 === 1) throw new Error("stopped reading");
          }, `page ${page} going away`);
          await new Promise((resolve) => setTimeout(resolve, 0));
          opened += bed.fake.requests.filter((request) => request.path.endsWith("/stream")).length;
          open += bed.upstreamStreamsOpen();
        }
        equal(opened, 10, "upstream stream connections opened");
        equal(open, 0, "upstream stream connections left open after their page went away");
      },
    },
    {
      name: "relay: a refused authorize sends nothing upstream, for every operation (0 requests)",
      async run() {
        let asked = 0;
        const signIn = () => Response.json({ error: { code: "sign_in", message: "Sign in first." } }, { status: 401 });
        for (const verdict of [false, "response"] as const) {
          const bed = mounted({
            relay: {
              operations: everyOperation,
              authorize: () => {
                asked++;
                return verdict === false ? false : signIn();
              },
            },
            page: { maxRetries: 0 },
          });
          for (const [name, call] of pageCalls(bed.page)) {
            const error = await rejects(call, `${name} refused (${verdict})`);
            if (verdict === false) {
              instanceOf(error, sdk.PermissionDeniedError, `${name} refused by authorize`);
              equal(error.status, 403, `${name}: the status`);
            } else {
              instanceOf(error, sdk.AuthenticationError, `${name} answered by authorize's Response`);
              equal(error.code, "sign_in", `${name}: the code of authorize's Response`);
            }
          }
          equal(bed.fake.requests.length, 0, `requests upstream with authorize answering ${verdict}`);
        }
        equal(asked, 2 * everyOperation.length, "authorize calls");
      },
    },
    {
      name: "relay: unknown paths answer 404, other methods 405 with Allow, bodies past the cap 413 (0 sent)",
      async run() {
        const bed = mounted();
        const cases: Array<[string, string, number, string?]> = [
          ["GET", "/v1/nowhere", 404],
          ["GET", "/v1/agents", 404], // agents.list is not exposed by default
          ["POST", "/v1/agents", 404], // nor agents.create
          ["GET", `/v1/agents/${AGENT}/usage`, 404],
          ["GET", `/v1/agents/${AGENT}/artifacts`, 404],
          ["DELETE", `/v1/agents/${AGENT}`, 405, "GET"],
          ["PUT", `/v1/agents/${AGENT}/runs`, 405, "GET, POST"],
          ["POST", `/v1/agents/${AGENT}/runs/${RUN}/stream`, 405, "GET"],
          ["GET", `/v1/agents/${AGENT}/runs/${RUN}/cancel`, 405, "POST"],
        ];
        for (const [method, path, status, allow] of cases) {
          const response = await bed.call(method, path);
          equal(response.status, status, `${method} ${path}`);
          equal(response.headers.get("allow") ?? undefined, allow, `${method} ${path}: Allow`);
          const body = (await response.json()) as { error?: { code?: string } };
          ok(typeof body.error?.code === "string", `${method} ${path}: an error body in the API's format`);
        }
        const big = JSON.stringify({ prompt: { text: "x".repeat(1_048_576) } });
        const tooLarge = await bed.call("POST", `/v1/agents/${AGENT}/runs`, { body: big });
        equal(tooLarge.status, 413, "a follow-up body past the 1 MiB cap");
        const outside = await bed.app(new Request(`${PAGE_ORIGIN}/v1/agents/${AGENT}`));
        equal(outside.status, 404, "a service path outside the base path");
        equal(bed.fake.requests.length, 0, "requests upstream");
      },
    },
    {
      name: "relay: upstream errors reach the page as the same typed errors (404, 409, 429, 500)",
      async run() {
        const bed = mounted({ page: { maxRetries: 0 } });
        const direct = bed.keyed({ maxRetries: 0 });
        const { agent } = await direct.agents.create({ prompt: { text: "busy" } });
        const pairs: Array<[string, (client: typeof direct) => Promise<unknown>, (() => void)?]> = [
          ["unknown agent", (client) => client.agents.get(AGENT)],
          ["unknown run", (client) => collect(client.runs.stream(agent.id, RUN))],
          ["busy agent", (client) => client.runs.create(agent.id, { prompt: { text: "again" } })],
          [
            "rate limited",
            (client) => client.runs.list(agent.id).then((page) => page),
            () =>
              void bed.fake.faults.add({ kind: "rate_limit", route: "GET /v1/agents/:id/runs", retryAfterSeconds: 7 }),
          ],
          [
            "server error",
            (client) => client.agents.get(agent.id),
            () => void bed.fake.faults.add({ kind: "server_error", route: "GET /v1/agents/:id", status: 503 }),
          ],
        ];
        const shape = (error: unknown) => {
          const e = error as { name: string; status: number; code: string; message: string; retryAfter?: number };
          return JSON.stringify([e.name, e.status, e.code, e.message, e.retryAfter]);
        };
        for (const [label, call, fault] of pairs) {
          fault?.();
          const expected = await rejects(() => call(direct), `${label}, direct`);
          fault?.();
          const relayed = await rejects(() => call(bed.page), `${label}, through the relay`);
          ok(sdk.isAgentlineError(relayed), `${label}: an AgentlineError through the relay`);
          equal(shape(relayed), shape(expected), `${label}: [class, status, code, message, retryAfter]`);
        }
      },
    },
    {
      name: "relay: no form of its key in any byte the page receives, even when upstream echoes it (0 hits)",
      async run() {
        const forms = secretForms(RELAY_KEY);
        let echoed = 0;
        const echo = (fake: (request: Request) => Promise<Response>) => async (request: Request) => {
          const answer = await fake(request);
          const headers = new Headers(answer.headers);
          for (const name of ["x-request-id", "set-cookie", "www-authenticate", "x-debug-key"]) {
            headers.set(name, forms.join(" "));
          }
          echoed++;
          if (request.url.endsWith("/stream") && answer.ok && answer.body) {
            const prefix = `event: assistant\ndata: ${JSON.stringify({ text: `key ${forms.join(" ")}` })}\n\n`;
            const extra = new Response(prefix).body as ReadableStream<Uint8Array>;
            const body = concat(extra, answer.body);
            return new Response(body, { status: answer.status, headers });
          }
          const text = await answer.text();
          const json = text === "" ? undefined : (JSON.parse(text) as Record<string, unknown>);
          if (json?.error && typeof json.error === "object") {
            Object.assign(json.error, { message: `bad key ${forms.join(" ")}`, hint: forms[1] });
          } else if (json) json.echo = forms.join(" ");
          return new Response(json ? JSON.stringify(json) : null, { status: answer.status, headers });
        };
        const bed = mounted({ upstream: echo, relay: { operations: everyOperation }, page: { maxRetries: 0 } });
        const { agent, run } = await bed.page.agents.create({ prompt: { text: "echo" } });
        await bed.page.agents.get(agent.id);
        await collect(bed.page.runs.stream(agent.id, run.id));
        await bed.page.runs.list(agent.id);
        await rejects(() => bed.page.runs.cancel(agent.id, run.id), "cancelling a finished run");
        await rejects(() => bed.page.agents.get(AGENT), "an unknown agent");
        ok(echoed >= 6, `upstream answers that echoed the key (${echoed})`);
        const text = bed.received.join("\n");
        ok(text.includes("[") && text.length > 1_000, "the page received the answers");
        const hits = forms.filter((form) => text.includes(form));
        equal(hits.length, 0, "forms of the relay's key in what the page received");
        equal(/set-cookie|www-authenticate|x-debug-key/i.test(text), false, "upstream headers off the allowlist");
      },
    },
  ];
}

/** One stream after the other. */
function concat(first: ReadableStream<Uint8Array>, second: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let reader = first.getReader();
  let onSecond = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const { done, value } = await reader.read();
        if (!done) return controller.enqueue(value);
        if (onSecond) return controller.close();
        onSecond = true;
        reader = second.getReader();
      }
    },
    cancel(reason) {
      return Promise.all([reader.cancel(reason), onSecond ? undefined : second.cancel(reason)]).then(() => {});
    },
  });
}
