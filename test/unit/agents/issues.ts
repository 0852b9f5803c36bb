import type { ValidationIssue } from "../../../src/core/errors.js";

/** Issues as `path: rule` lines, so a test can assert exactly which rules broke and where. */
export function rulesOf(issues: readonly ValidationIssue[]): string[] {
  return issues.map((issue) => `${issue.path}: ${issue.rule}`);
}

/** The smallest valid CreateAgentRequest / CreateRunRequest body. */
export const minimalBody = { prompt: { text: "Fix the failing test" } } as const;

/** A tiny, valid base64 payload (the PNG signature). */
export const PNG_BASE64 = "iVBORw0KGgo=";

/** A body with one extra field on top of the minimal one. */
export function withField(field: string, value: unknown): Record<string, unknown> {
  return { ...minimalBody, [field]: value };
}

/** A body whose prompt carries the given images. */
export function withImages(...images: unknown[]): Record<string, unknown> {
  return { prompt: { text: "Look at this", images } };
}
