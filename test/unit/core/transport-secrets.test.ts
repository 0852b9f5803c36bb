// Credentials a client or a call adds through `headers` are secrets too: the transport redacts them like its own.
import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import type { ApiError } from "../../../src/core/errors.js";

/** Echoes every header, and the user:password inside a Basic proxy credential, decoded. */
const echoAllHeaders = async (request: Request) => {
  const basic = request.headers.get("proxy-authorization")?.replace(/^Basic /, "") ?? "";
  const message = `got ${JSON.stringify(Object.fromEntries(request.headers))}; proxy user:pass ${atob(basic)}`;
  return Response.json({ error: { code: "bad_request", message } }, { status: 400 });
};

describe("secrets in headers", () => {
  it("redacts client-level and per-call credential headers echoed back, whatever their scheme", async () => {
    const gateway = "gw_live_5f4e3d2c1b0a99887766";
    const proxyPassword = "proxy-pass-0123456789";
    const client = new AgentsClient({
      apiKey: "sk_live_headers_0123456789",
      baseUrl: "https://api.example.test",
      headers: { "X-Api-Key": gateway },
      fetch: echoAllHeaders,
    });
    const error = (await client.agents
      .list({}, { headers: { "proxy-authorization": `Basic ${btoa(`proxy-user:${proxyPassword}`)}` } })
      .catch((e: unknown) => e)) as ApiError;
    const text = `${error.message}\n${JSON.stringify(error.body)}`;
    expect(text).toContain("x-api-key");
    expect(text).toContain("proxy user:pass [redacted]:[redacted]");
    for (const secret of [gateway, proxyPassword, "sk_live_headers_0123456789"]) expect(text).not.toContain(secret);
  });
});
