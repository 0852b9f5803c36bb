import { describe, expect, it } from "vitest";
import { codeForStatus, parseErrorBody } from "../../../src/core/error-bodies.js";

describe("parseErrorBody", () => {
  it("reads the Cloud Agents envelope with helpUrl and provider", () => {
    const parsed = parseErrorBody(
      403,
      JSON.stringify({
        error: {
          code: "integration_not_connected",
          message: "Connect GitHub",
          helpUrl: "https://x.test/h",
          provider: "github",
        },
      }),
    );
    expect(parsed).toMatchObject({
      code: "integration_not_connected",
      message: "Connect GitHub",
      helpUrl: "https://x.test/h",
      provider: "github",
    });
  });

  it("reads the three admin envelopes, deriving a code from the status", () => {
    expect(parseErrorBody(400, '{"code":"error","message":"bad page"}')).toMatchObject({
      code: "bad_request",
      message: "bad page",
    });
    expect(parseErrorBody(404, '{"error":"Organization not found"}')).toMatchObject({
      code: "not_found",
      message: "Organization not found",
    });
    expect(parseErrorBody(400, '{"outcome":"error","message":"Invalid email format"}')).toMatchObject({
      code: "bad_request",
      message: "Invalid email format",
    });
  });

  it("reads the forge RPC body: numeric code, field violations and the request-info entry", () => {
    const parsed = parseErrorBody(
      400,
      JSON.stringify({
        code: 3,
        message: "invalid argument",
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.BadRequest",
            fieldViolations: [{ field: "name", description: "too long" }],
          },
          { "@type": "type.googleapis.com/google.rpc.RequestInfo", requestId: "req-77" },
          { "@type": "something.Unknown", whatever: true },
          "junk",
        ],
      }),
    );
    expect(parsed.code).toBe("invalid_argument");
    expect(parsed.requestId).toBe("req-77");
    expect(parsed.fieldViolations).toEqual([{ field: "name", description: "too long" }]);
    expect(parseErrorBody(404, '{"code":5,"message":"nope","details":[]}').code).toBe("not_found");
    expect(parseErrorBody(429, '{"code":8,"message":"slow down","details":[]}').code).toBe("resource_exhausted");
    expect(parseErrorBody(400, '{"code":99,"message":"?","details":[]}').code).toBe("rpc_99");
  });

  it("still gives a useful result for bodies that are none of these", () => {
    const html = `<html>${"x".repeat(500)}</html>`;
    const parsed = parseErrorBody(502, html);
    expect(parsed.code).toBe("bad_gateway");
    expect(parsed.message).toBe(html.slice(0, 200));
    expect(parseErrorBody(500, "").message).toBe("HTTP 500 with no error body");
    expect(parseErrorBody(418, '{"weird":true}').code).toBe("http_418");
    expect(parseErrorBody(400, '{"error":{"code":"validation_error","message":"m"}}').code).toBe("validation_error");
  });

  it("derives codes for every status family", () => {
    expect([400, 401, 403, 404, 409, 410, 429, 500, 503, 599].map(codeForStatus)).toEqual([
      "bad_request",
      "unauthorized",
      "forbidden",
      "not_found",
      "conflict",
      "gone",
      "rate_limit_exceeded",
      "internal_error",
      "service_unavailable",
      "internal_error",
    ]);
  });
});
