// Adversarial sweep: every documented input rule of spec/admin-api.md, per operation it applies to, through the
// public clients against an independent recording server (./adv-spec-server.ts). A violation must reject with an
// AgentlineError before anything is sent, naming the field and the rule; a valid boundary value must be sent.
// The cases: adv-input-cases.ts, adv-input-cases-bot-org.ts, adv-input-boundaries.ts.
import { describe, expect, it } from "vitest";
import { AgentlineError, ValidationError } from "../../../src/admin/index.js";
import { BOUNDARIES } from "./spec-input-boundaries.js";
import { TEAM_VIOLATIONS } from "./spec-input-cases.js";
import { BOT_ORG_VIOLATIONS } from "./spec-input-cases-bot-org.js";
import { settle, specServer } from "./spec-server.js";

const VIOLATIONS = [...TEAM_VIOLATIONS, ...BOT_ORG_VIOLATIONS];

function describeError(error: unknown): string {
  if (error instanceof ValidationError) {
    return [error.message, ...error.issues.map((issue) => `${issue.path} [${issue.rule}] ${issue.message}`)].join(
      " | ",
    );
  }
  return error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error);
}

describe("adversarial: valid boundary values are sent, not over-refused", () => {
  it("sends every boundary case as documented", async () => {
    const refused: string[] = [];
    for (const [rule, call, check] of BOUNDARIES) {
      const server = specServer();
      try {
        await settle(call(server));
        if (!check(server.requests))
          refused.push(
            `${rule}: sent ${JSON.stringify(server.requests.map((r) => [r.method, r.path, String(r.query), r.body]))}`.slice(
              0,
              400,
            ),
          );
      } catch (error) {
        refused.push(`${rule}: ${describeError(error)}`);
      }
    }
    expect(refused).toEqual([]);
  });
});

describe("adversarial: documented input rules are enforced before the network", () => {
  it("rejects every violation with an AgentlineError naming field and rule, sending nothing", async () => {
    const unenforced: string[] = [];
    for (const [rule, field, token, call] of VIOLATIONS) {
      const server = specServer();
      let error: unknown;
      try {
        await settle(call(server));
      } catch (caught) {
        error = caught;
      }
      const text = describeError(error);
      const problems: string[] = [];
      if (!(error instanceof AgentlineError)) problems.push(`not an AgentlineError (${text})`);
      if (server.requests.length > 0) problems.push(`${server.requests.length} request(s) sent`);
      if (field !== "" && !text.includes(field)) problems.push(`field ${field} not named`);
      const ruleNamed = typeof token === "string" ? text.includes(`[${token}]`) : token.test(text);
      if (!ruleNamed) problems.push(`rule ${String(token)} not named`);
      if (problems.length > 0) unenforced.push(`${rule}: ${problems.join("; ")} — ${text}`);
    }
    expect(unenforced).toEqual([]);
    expect(VIOLATIONS.length).toBeGreaterThan(150);
  });
});
