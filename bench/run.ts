// `npm run bench`: every benchmark. First what users get from the packed tarball (bundle sizes and startup, beside
// the anchor SDKs); then each operation as a ratio against a baseline measured in the same run.
// `--only=agents-get,stream-decode` runs only the named ones (sizes, startup, agents-get, stream-decode, forge-request,
// webhooks, reactive, relay-stream).
import { benchAgentsGet } from "./agents-get.bench.js";
import { saveResults } from "./consumer.js";
import { benchForgeRequest } from "./forge-request.bench.js";
import { type Comparison, report } from "./harness.js";
import { benchPackageSize } from "./package-size.js";
import { benchReactive } from "./reactive.js";
import { benchRelayStream } from "./relay-stream.bench.js";
import { benchStartup } from "./startup.js";
import { benchStreamDecode } from "./stream-decode.bench.js";
import { benchWebhooks } from "./webhooks.bench.js";

const onlyArgument = process.argv.find((argument) => argument.startsWith("--only="));
const only = onlyArgument ? new Set(onlyArgument.slice("--only=".length).split(",")) : undefined;
const wanted = (name: string) => !only || only.has(name);

const sizes = wanted("sizes") ? await benchPackageSize() : undefined;
const startup = wanted("startup") ? await benchStartup() : undefined;
console.log();

const results: Array<Comparison & { throughputRatio?: number; peakHeapMiB?: number }> = [];
for (const result of wanted("agents-get") ? await benchAgentsGet() : []) {
  report(result);
  results.push(result);
}
if (wanted("stream-decode")) {
  const stream = await benchStreamDecode();
  report(stream.comparison);
  console.log(
    `  throughput ${(1 / stream.comparison.ratio).toFixed(2)}× the baseline; peak heap growth while iterating ${stream.peakHeapMiB.toFixed(1)} MiB over ${stream.megabytes.toFixed(1)} MiB of input`,
  );
  results.push({ ...stream.comparison, throughputRatio: 1 / stream.comparison.ratio, peakHeapMiB: stream.peakHeapMiB });
  report(stream.perEvent);
  console.log(`  throughput ${(1 / stream.perEvent.ratio).toFixed(2)}× the baseline`);
  results.push({ ...stream.perEvent, throughputRatio: 1 / stream.perEvent.ratio });
}
for (const result of wanted("forge-request") ? await benchForgeRequest() : []) {
  report(result);
  if (result.name.startsWith("app JWT signing")) {
    const opsPerSecond = (ns: number) => Math.round(1e9 / ns).toLocaleString("en-US");
    console.log(
      `  ${opsPerSecond(result.candidateNsPerOp)} signatures/s through the SDK vs ${opsPerSecond(result.baselineNsPerOp)}/s with jose alone`,
    );
  }
  results.push(result);
}
for (const result of wanted("webhooks") ? (await benchWebhooks()).comparisons : []) {
  report(result);
  results.push(result);
}
if (wanted("relay-stream")) {
  const { events, pageSide, serverSide } = await benchRelayStream();
  const perEvent = (ns: number) => `${(ns / events).toFixed(0)} ns`;
  for (const result of [pageSide, serverSide]) {
    report(result);
    console.log(
      `  per event: ${perEvent(result.candidateNsPerOp)} through the relay vs ${perEvent(result.baselineNsPerOp)} through the bare proxy (+${perEvent(result.candidateNsPerOp - result.baselineNsPerOp)})`,
    );
    results.push(result);
  }
}
if (wanted("reactive")) {
  const reactive = await benchReactive();
  report(reactive.comparison);
  results.push(reactive.comparison);
  console.log(
    `  ${reactive.eventsPerSecond.watchRun.toLocaleString("en-US")} events/s through watchRun vs ${reactive.eventsPerSecond.reducer.toLocaleString("en-US")}/s through the bare reducer`,
  );
  console.log(
    `  a ${reactive.burst.events}-event burst: ${reactive.burst.notifications} adapter notification(s), ${reactive.burst.snapshots} snapshot changes without per-frame coalescing`,
  );
}
const all = { node: process.version, results, sizes, startup };
console.log(JSON.stringify(all, null, 2));
console.log(`(every figure: ${saveResults(only ? `bench-${[...only].join("-")}` : "bench", all)})`);
