// Webhook tampering fuzz: the unit suite's property at a large count. Every run tampers one genuine delivery
// (body, id, timestamp, signature, an unsigned header disagreeing with the signed body, header duplication,
// under random header casing); none may be accepted.
//
//   WEBHOOK_FUZZ_RUNS=100000 node --import tsx test/fuzz/webhooks.fuzz.ts   (default 100,000; FUZZ_SEED to replay)
import { runMutationProperty } from "../unit/webhooks/mutations.js";

const runs = Number(process.env.WEBHOOK_FUZZ_RUNS ?? process.env.FUZZ_RUNS ?? 100_000);
if (!Number.isInteger(runs) || runs < 1) throw new Error("WEBHOOK_FUZZ_RUNS must be a positive integer.");
const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const started = performance.now();
try {
  const tried = await runMutationProperty(runs, seed);
  const seconds = (performance.now() - started) / 1000;
  console.log(`webhooks fuzz: ${tried} tampered deliveries, 0 accepted (${seconds.toFixed(1)} s)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
