// The spec bounds `name` (1..100), and a subagent's `name` (<= 100), `description` (<= 1000) and `prompt` (<= 8192) in
// characters. A character outside the Basic Multilingual Plane (an emoji, many CJK ideographs) is one character but
// two UTF-16 units: a value at the limit must be sent, one past it refused before the network
// (spec: Cloud Agents API § Request bodies, § CustomSubagent, § Limits).
import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { ValidationError } from "../../../src/core/errors.js";

const EMOJI = "😀"; // one character, two UTF-16 units
const HAN = "𠀀"; // CJK Extension B: one character, two UTF-16 units

function client() {
  let sent = 0;
  const fetch = async () => {
    sent += 1;
    return new Response("{}", { status: 500 });
  };
  const agents = new AgentsClient({ apiKey: "k", baseUrl: "https://svc.example", fetch, maxRetries: 0 });
  return { agents, sent: () => sent };
}

const subagent = (extra: Record<string, unknown>) => ({ name: "helper", description: "d", prompt: "p", ...extra });

const cases: Array<[string, (text: string) => Record<string, unknown>, number, string]> = [
  ["name", (text) => ({ name: text }), 100, "name"],
  ["subagent name", (text) => ({ customSubagents: [subagent({ name: text })] }), 100, "customSubagents[0].name"],
  [
    "subagent description",
    (text) => ({ customSubagents: [subagent({ description: text })] }),
    1000,
    "customSubagents[0].description",
  ],
  ["subagent prompt", (text) => ({ customSubagents: [subagent({ prompt: text })] }), 8192, "customSubagents[0].prompt"],
];

describe.each(cases)("agents.create %s", (_label, body, max, path) => {
  it.each([EMOJI, HAN])(`sends ${max} characters of %s`, async (char) => {
    const { agents, sent } = client();
    await agents.agents.create({ prompt: { text: "x" }, ...body(char.repeat(max)) } as never).catch(() => undefined);
    expect(sent()).toBe(1);
  });

  it.each([EMOJI, HAN])(`refuses ${max + 1} characters of %s before the network`, async (char) => {
    const { agents, sent } = client();
    const error = await agents.agents.create({ prompt: { text: "x" }, ...body(char.repeat(max + 1)) } as never).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => `${issue.path}:${issue.rule}`)).toEqual([
      `${path}:max_length`,
    ]);
    expect((error as ValidationError).message).toContain(`${max + 1} code points (characters)`);
    expect(sent()).toBe(0);
  });
});
