// The shared suite's assertions: plain functions that throw an `Error` saying what was expected and what came, so
// the suite runs wherever `Error` exists (Node, Chromium, workerd, Deno, Bun) without node:assert or a test library.

/** Renders a value for a failure message: JSON where it can, `String()` otherwise, cut to a readable length. */
function show(value: unknown): string {
  let text: string;
  try {
    text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

/** Throws unless `condition` is truthy. */
export function ok(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Throws unless `actual === expected`; `label` names the value in the message. */
export function equal<T>(actual: unknown, expected: T, label: string): asserts actual is T {
  if (!Object.is(actual, expected)) throw new Error(`${label}: expected ${show(expected)}, got ${show(actual)}`);
}

/** Throws unless `value` is an instance of `type`; `label` names the value in the message. */
export function instanceOf<T>(
  value: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: any constructor, whatever its parameters
  type: abstract new (...args: any[]) => T,
  label: string,
): asserts value is T {
  if (!(value instanceof type)) {
    const name = (value as { constructor?: { name?: string } } | null)?.constructor?.name ?? typeof value;
    const detail = value instanceof Error ? `: ${value.message}` : "";
    throw new Error(`${label}: expected a ${type.name}, got a ${name}${detail}`);
  }
}

/**
 * Runs `action` and returns what it threw (synchronously or by rejecting); throws when it succeeded. Use it for
 * calls that must fail, then check the returned error.
 */
export async function rejects(action: () => unknown, label: string): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error(`${label}: expected a failure, but it succeeded`);
}
