import { describe, expect, it } from "vitest";
import { AGENT_ID_PATTERN, generateAgentId } from "../../../src/agents/ids.js";
import { bodyIssues } from "./issues.js";

describe("agent ids", () => {
  it("generates bc-<uuid> ids that match the pattern and pass the request check", () => {
    const id = generateAgentId();
    expect(id).toMatch(AGENT_ID_PATTERN);
    expect(bodyIssues("agents.create", { prompt: { text: "t" }, agentId: id })).toEqual([]);
    expect(generateAgentId()).not.toBe(id);
  });

  it("uses the injected uuid source", () => {
    expect(generateAgentId(() => "00000000-0000-4000-8000-000000000000")).toBe(
      "bc-00000000-0000-4000-8000-000000000000",
    );
  });

  it("matches hex in either case and nothing else", () => {
    expect(AGENT_ID_PATTERN.test("bc-ABCDEF01-2345-6789-abcd-ef0123456789")).toBe(true);
    expect(AGENT_ID_PATTERN.test("bc-abcdef01-2345-6789-abcd-ef012345678")).toBe(false);
    expect(AGENT_ID_PATTERN.test(" bc-abcdef01-2345-6789-abcd-ef0123456789")).toBe(false);
  });
});
