// A small comparison harness: runs a baseline and a candidate in alternating batches in the same
// process, so machine noise hits both alike, and reports the ratio of their median per-op times.

export interface Comparison {
  name: string;
  baselineName: string;
  baselineNsPerOp: number;
  candidateNsPerOp: number;
  /** candidate time / baseline time: 1.0 means no overhead; lower is faster. */
  ratio: number;
  goal?: string | undefined;
}

type Task = () => Promise<unknown> | unknown;

async function timeBatch(task: Task, iterations: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < iterations; i++) await task();
  return ((performance.now() - started) * 1e6) / iterations;
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Compares `candidate` against `baseline` (warm-up first, then `rounds` alternating batches). */
export async function compare(
  name: string,
  baseline: { name: string; run: Task },
  candidate: Task,
  options: { iterations?: number; rounds?: number; goal?: string } = {},
): Promise<Comparison> {
  const iterations = options.iterations ?? 2_000;
  const rounds = options.rounds ?? 15;
  await timeBatch(baseline.run, iterations);
  await timeBatch(candidate, iterations);
  const base: number[] = [];
  const cand: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // Alternate which goes first so neither always enjoys a warmer cache.
    if (r % 2 === 0) {
      base.push(await timeBatch(baseline.run, iterations));
      cand.push(await timeBatch(candidate, iterations));
    } else {
      cand.push(await timeBatch(candidate, iterations));
      base.push(await timeBatch(baseline.run, iterations));
    }
  }
  const baselineNsPerOp = median(base);
  const candidateNsPerOp = median(cand);
  return {
    name,
    baselineName: baseline.name,
    baselineNsPerOp,
    candidateNsPerOp,
    ratio: candidateNsPerOp / baselineNsPerOp,
    goal: options.goal,
  };
}

/** Prints one comparison as a readable line. */
export function report(result: Comparison): void {
  const us = (ns: number) => `${(ns / 1000).toFixed(2)} µs/op`;
  console.log(
    `${result.name}: ${us(result.candidateNsPerOp)} vs ${result.baselineName} ${us(result.baselineNsPerOp)} → ratio ${result.ratio.toFixed(3)}×${result.goal ? ` (goal ${result.goal})` : ""}`,
  );
}
