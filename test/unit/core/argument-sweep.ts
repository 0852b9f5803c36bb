// Calls public functions, constructors and client methods with wrong arguments and sorts what happens. Found by
// walking, never listed: every export of an entry point, every method of a client and of the objects it holds (its
// resources), and of the objects its synchronous factories return (`forge.repo(…)`), so a new method is swept the
// day it is added.
import { isAgentlineError } from "../../../src/core/errors.js";

/** A wrong argument, made fresh for each call (a circular object, a symbol, …). */
export interface BadArgument {
  label: string;
  make: () => unknown;
}

function circular(): unknown {
  const value: Record<string, unknown> = { prompt: { text: "x" } };
  value.self = value;
  return value;
}

/** The wrong arguments every parameter is tried with. */
export const BAD_ARGUMENTS: readonly BadArgument[] = [
  { label: "undefined", make: () => undefined },
  { label: "null", make: () => null },
  { label: "42", make: () => 42 },
  { label: "NaN", make: () => Number.NaN },
  { label: '"x"', make: () => "x" },
  { label: '""', make: () => "" },
  { label: "{}", make: () => ({}) },
  { label: "[]", make: () => [] },
  { label: "Symbol()", make: () => Symbol("bad") },
  { label: "() => {}", make: () => () => {} },
  { label: "circular", make: circular },
];

/** What one call threw or rejected with. */
export interface Finding {
  call: string;
  error: unknown;
  /** The parameter names of the function called (from its source). */
  parameters: readonly string[];
}

/** The outcome of a sweep: calls made, and the calls that failed with something other than an AgentlineError. */
export interface SweepReport {
  calls: number;
  /** Thrown or rejected values that are not AgentlineErrors (circular bodies excepted, see `circular`). */
  foreign: Finding[];
  /** A circular body that failed with the engine's "circular structure" TypeError (the transport's to refuse). */
  circular: Finding[];
  /** Calls that did not settle within the time limit. */
  hung: string[];
  /** Every AgentlineError seen, with the call that raised it. */
  agentline: Finding[];
}

/** An empty report to add sweeps to. */
export function emptyReport(): SweepReport {
  return { calls: 0, foreign: [], circular: [], hung: [], agentline: [] };
}

const HUNG = Symbol("hung");
const SETTLE_MS = 2_000;

/** Settles whatever a call returned: awaits a promise, takes one step of an async iterable. */
async function settle(result: unknown): Promise<unknown> {
  if (result === null || (typeof result !== "object" && typeof result !== "function")) return result;
  if (typeof (result as PromiseLike<unknown>).then === "function") return await result;
  if (Symbol.asyncIterator in result) return await (result as AsyncIterable<unknown>)[Symbol.asyncIterator]().next();
  return result;
}

/** Runs `call` and files its outcome in `report` under `label`. */
async function record(
  report: SweepReport,
  label: string,
  call: () => unknown,
  circularArg: boolean,
  parameters: readonly string[],
) {
  report.calls += 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<typeof HUNG>((resolve) => {
    timer = setTimeout(() => resolve(HUNG), SETTLE_MS);
  });
  try {
    const outcome = await Promise.race([Promise.resolve().then(() => settle(call())), limit]);
    if (outcome === HUNG) report.hung.push(label);
  } catch (error) {
    const finding = { call: label, error, parameters };
    if (isAgentlineError(error)) report.agentline.push(finding);
    else if (circularArg && error instanceof TypeError && /circular/i.test(error.message))
      report.circular.push(finding);
    else report.foreign.push(finding);
  } finally {
    clearTimeout(timer);
  }
}

/** The names of a function's parameters, read from its source (`(a, b = 1, { c })` → `["a", "b", "{ c }"]`). */
export function parameterNames(fn: (...args: never[]) => unknown): string[] {
  const source = Function.prototype.toString.call(fn);
  const constructorAt = source.search(/\bconstructor\s*\(/);
  const from = constructorAt >= 0 ? source.slice(constructorAt) : source;
  const open = from.indexOf("(");
  if (open < 0) return [];
  let depth = 0;
  let close = open;
  for (; close < from.length; close++) {
    if ("([{".includes(from[close] as string)) depth += 1;
    if (")]}".includes(from[close] as string)) depth -= 1;
    if (depth === 0) break;
  }
  const inner = from.slice(open + 1, close);
  const names: string[] = [];
  let part = "";
  depth = 0;
  for (const ch of inner) {
    if ("([{".includes(ch)) depth += 1;
    if (")]}".includes(ch)) depth -= 1;
    if (ch === "," && depth === 0) {
      names.push(part);
      part = "";
    } else part += ch;
  }
  if (part.trim()) names.push(part);
  return names
    .map(
      (name) =>
        name
          .split("=")[0]
          ?.trim()
          .replace(/^\.\.\./, "") ?? "",
    )
    .filter(Boolean);
}

/** Whether `fn` is a class (must be called with `new`). */
export function isClass(fn: unknown): fn is new (...args: unknown[]) => unknown {
  return typeof fn === "function" && /^class\b/.test(Function.prototype.toString.call(fn));
}

/**
 * Calls `fn` with no argument, then with each wrong argument at each parameter position (earlier positions get
 * `probe`, a harmless id-like string), and files every outcome.
 */
export async function sweepCallable(
  report: SweepReport,
  name: string,
  fn: (...args: unknown[]) => unknown,
  options: { construct?: boolean; self?: unknown; probe?: unknown } = {},
) {
  const call = (args: unknown[]) => () =>
    options.construct
      ? new (fn as unknown as { new (...a: unknown[]): unknown })(...args)
      : fn.apply(options.self, args);
  const parameters = parameterNames(fn as never);
  await record(report, `${name}()`, call([]), false, parameters);
  const positions = Math.max(1, parameters.length);
  for (let position = 0; position < positions; position++) {
    for (const bad of BAD_ARGUMENTS) {
      const args = [...Array.from({ length: position }, () => options.probe ?? "x-1"), bad.make()];
      const label = `${name}(${position === 0 ? "" : "…, "}${bad.label})`;
      await record(report, label, call(args), bad.label === "circular", parameters);
    }
  }
}

/** A value's method names: its prototype chain's functions and its own function-valued properties (not `toJSON`). */
export function methodNames(value: object): string[] {
  const names = new Set<string>();
  for (
    let proto = Object.getPrototypeOf(value);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, key);
      if (key !== "constructor" && typeof descriptor?.value === "function") names.add(key);
    }
  }
  for (const [key, child] of Object.entries(value)) if (typeof child === "function") names.add(key);
  return [...names].filter((name) => name !== "toJSON");
}

function isWalkable(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  if (typeof (value as PromiseLike<unknown>).then === "function" || Symbol.asyncIterator in value) return false;
  return methodNames(value).length > 0;
}

/**
 * Sweeps every method of `root` and of the objects it holds, and of the objects its methods return synchronously
 * when called with `probes` (factories such as `forge.repo("acme", "widgets")`). Returns the method paths swept.
 */
export async function sweepObject(
  report: SweepReport,
  root: object,
  name: string,
  probes: unknown[],
): Promise<string[]> {
  const swept: string[] = [];
  const seen = new Set<object>();
  const walk = async (value: object, path: string, depth: number): Promise<void> => {
    if (seen.has(value) || depth > 4) return;
    seen.add(value);
    for (const method of methodNames(value)) {
      const fn = (value as Record<string, (...args: unknown[]) => unknown>)[method] as (...args: unknown[]) => unknown;
      swept.push(`${path}.${method}`);
      await sweepCallable(report, `${path}.${method}`, fn, { self: value });
      // A factory called with fewer probes when the full set is refused (`app.installation(id)`).
      let product: unknown;
      for (let count = probes.length; count > 0 && product === undefined; count--) {
        try {
          product = fn.apply(value, probes.slice(0, count));
        } catch {}
      }
      if (isWalkable(product)) await walk(product, `${path}.${method}(…)`, depth + 1);
      else if (product && typeof (product as PromiseLike<unknown>).then === "function")
        (product as Promise<unknown>).then(undefined, () => {});
    }
    for (const [key, child] of Object.entries(value)) {
      if (isWalkable(child)) await walk(child, `${path}.${key}`, depth + 1);
    }
  };
  await walk(root, name, 0);
  return swept;
}

/** The argument lists an error class is built with: none, then each wrong argument at each position. */
export function badArgumentLists(fn: (...args: never[]) => unknown): unknown[][] {
  const positions = Math.max(1, parameterNames(fn).length);
  const lists: unknown[][] = [[]];
  for (let position = 0; position < positions; position++) {
    for (const bad of BAD_ARGUMENTS) lists.push([...Array.from({ length: position }, () => "x-1"), bad.make()]);
  }
  return lists;
}
