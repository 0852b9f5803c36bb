// The sweep of optional response fields sent as JSON `null`, shared by the Admin and Forge tests. For each case (an
// operation, a body built from the spec, a call that sends it through the client's parser) every field at every level
// (arrays: their first item) is set to `null`, one at a time, and compared with the same body with the field left out:
// - a field the spec types as nullable (`keepNull`, by key name) must parse and keep its `null`;
// - a field the client cannot do without (omitting it fails with a response ValidationError naming it) must fail the
//   same way with `null`;
// - any other field must parse to exactly what the body without it parses to (the key left out too).
// Also: each enum path (`enums`) set to "FUTURE_VALUE" passes through, and an unknown field on every object survives.
import { isDeepStrictEqual } from "node:util";
import { ValidationError } from "../../../src/core/errors.js";

export interface NullCase {
  op: string;
  body: () => unknown;
  call: (body: unknown) => Promise<unknown>;
  /** Paths of enum-typed fields (open enums: unknown values pass through). */
  enums?: string[];
}

/** Every path of `value`: object keys, and the first item of each array. */
export function pathsOf(value: unknown, prefix = ""): string[] {
  const out: string[] = [];
  if (Array.isArray(value)) {
    if (value.length > 0) out.push(...pathsOf(value[0], `${prefix}0.`));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      out.push(`${prefix}${key}`, ...pathsOf(item, `${prefix}${key}.`));
    }
  }
  return out;
}

/** A copy of `body` with `path` set to `value`, or left out when `value` is `OMIT`. */
export function withValue(body: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split(".");
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  const last = keys.at(-1) as string;
  if (!(last in at)) throw new Error(`test body has no ${path}`);
  if (value === OMIT) delete at[last];
  else at[last] = value;
  return copy;
}
export const OMIT = Symbol("omit");

export function readPath(value: unknown, path: string): { present: boolean; value: unknown } {
  let at = value as Record<string, unknown> | undefined;
  const keys = path.split(".");
  for (const key of keys.slice(0, -1)) at = at?.[key] as Record<string, unknown> | undefined;
  const last = keys.at(-1) as string;
  return { present: !!at && Object.hasOwn(at, last), value: at?.[last] };
}

/** `a.0.b` as the SDK names it: `a[0].b`. */
export const sdkPath = (path: string) => path.replace(/\.(\d+)/g, "[$1]");

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
const attempt = (run: () => Promise<unknown>): Promise<Outcome> =>
  run().then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

const names = (error: unknown, path: string) =>
  error instanceof ValidationError &&
  error.direction === "response" &&
  error.issues.some((issue) => issue.path === sdkPath(path));

export interface NullSweep {
  tried: number;
  failures: string[];
  /** `op path` of each field found required (null and absence both refused, naming it). */
  required: string[];
  /** `op path` of each field that kept its null (spec-nullable). */
  keptNull: string[];
}

export async function sweepNulls(cases: NullCase[], keepNull: ReadonlySet<string>): Promise<NullSweep> {
  const sweep: NullSweep = { tried: 0, failures: [], required: [], keptNull: [] };
  for (const c of cases) {
    const base = await attempt(() => c.call(c.body()));
    if (!base.ok) {
      sweep.failures.push(`${c.op}: the valid body fails: ${(base.error as Error).message}`);
      continue;
    }
    for (const path of pathsOf(c.body())) {
      sweep.tried++;
      const label = `${c.op} ${path}`;
      const sent = await attempt(() => c.call(withValue(c.body(), path, null)));
      if (keepNull.has(path.split(".").at(-1) as string)) {
        if (!sent.ok) sweep.failures.push(`${label}: nullable, but null fails: ${(sent.error as Error).message}`);
        else if (readPath(sent.value, path).value !== null) sweep.failures.push(`${label}: nullable, null not kept`);
        else sweep.keptNull.push(label);
        continue;
      }
      const omitted = await attempt(() => c.call(withValue(c.body(), path, OMIT)));
      if (!omitted.ok) {
        if (!names(omitted.error, path)) {
          sweep.failures.push(`${label}: omitting fails, not naming it: ${(omitted.error as Error).message}`);
        } else if (sent.ok || !names(sent.error, path)) {
          sweep.failures.push(`${label}: required, but null ${sent.ok ? "accepted" : String(sent.error)}`);
        } else sweep.required.push(label);
      } else if (!sent.ok) {
        sweep.failures.push(`${label}: null fails: ${(sent.error as Error).message}`);
      } else if (!isDeepStrictEqual(sent.value, omitted.value)) {
        const read = readPath(sent.value, path);
        sweep.failures.push(`${label}: null read as ${read.present ? JSON.stringify(read.value) : "?"}, not as absent`);
      }
    }
  }
  return sweep;
}

/** Each enum path set to "FUTURE_VALUE" must parse and come back unchanged. */
export async function sweepEnums(cases: NullCase[]): Promise<{ tried: number; failures: string[] }> {
  const failures: string[] = [];
  let tried = 0;
  for (const c of cases) {
    for (const path of c.enums ?? []) {
      tried++;
      const got = await attempt(() => c.call(withValue(c.body(), path, "FUTURE_VALUE")));
      if (!got.ok) failures.push(`${c.op} ${path}: ${(got.error as Error).message}`);
      else if (readPath(got.value, path).value !== "FUTURE_VALUE") failures.push(`${c.op} ${path}: not kept`);
    }
  }
  return { tried, failures };
}

function withExtras(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtras);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = withExtras(item);
    out.x_future = { nested: [1, null] };
    return out;
  }
  return value;
}

/** Paths of `sent` not found, unchanged, in `got`. */
function dropped(sent: unknown, got: unknown, path = "$"): string[] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(got) || got.length !== sent.length) return [`${path}: array changed`];
    return sent.flatMap((item, index) => dropped(item, got[index], `${path}[${index}]`));
  }
  if (sent && typeof sent === "object") {
    if (!got || typeof got !== "object") return [`${path}: object lost`];
    return Object.entries(sent).flatMap(([key, item]) =>
      key in got ? dropped(item, (got as Record<string, unknown>)[key], `${path}.${key}`) : [`${path}.${key}: dropped`],
    );
  }
  return Object.is(sent, got) ? [] : [`${path}: ${JSON.stringify(sent)} became ${JSON.stringify(got)}`];
}

/** An unknown field (whose value holds a `null`) on every object at every level must survive, untouched. */
export async function sweepExtras(cases: NullCase[]): Promise<string[]> {
  const failures: string[] = [];
  for (const c of cases) {
    const body = withExtras(c.body());
    const got = await attempt(() => c.call(body));
    if (!got.ok) failures.push(`${c.op}: ${(got.error as Error).message}`);
    else {
      const lost = dropped(body, got.value);
      if (lost.length > 0) failures.push(`${c.op}: ${lost.slice(0, 3).join("; ")}`);
    }
  }
  return failures;
}
