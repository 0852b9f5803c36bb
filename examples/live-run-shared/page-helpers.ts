// What the three live-run pages share besides their client: the first prompt and small helpers for the markup.

/** What the page's agent is asked to do first. */
export const FIRST_PROMPT = "Add a --dry-run flag to the release script and document it";

/** The body of the page's `useCreateAgent` call. */
export const FIRST_AGENT = { name: "live run example", prompt: { text: FIRST_PROMPT } };

/** The first argument of a tool call, for a one-line summary (`read_file README.md`). */
export function firstArgument(args: unknown): string {
  if (!args || typeof args !== "object") return "";
  const first = Object.values(args)[0];
  return typeof first === "string" ? first : "";
}

/** A mutation's failure as one line: its field errors (`prompt.text: must not be empty`), else its message. */
export function describeFailure(error: Error | undefined, fieldErrors: Readonly<Record<string, string>>): string {
  const fields = Object.entries(fieldErrors).map(([path, message]) => `${path}: ${message}`);
  if (fields.length > 0) return fields.join("; ");
  return error ? error.message : "";
}
