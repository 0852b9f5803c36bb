// `npm run bench`: every benchmark. First what users get from the packed tarball (bundle sizes and startup, beside
// the anchor SDKs); then each operation as a ratio against a baseline measured in the same run.
import { benchAgentsGet } from "./agents-get.bench.js";
import { saveResults } from "./consumer.js";
import { benchForgeRequest } from "./forge-request.bench.js";
import { type Comparison, report } from "./harness.js";
import { benchPackageSize } from "./package-size.js";
import { benchReactive } from "./reactive.js";
import { benchStartup } from "./startup.js";
import { benchStreamDecode } from "./stream-decode.bench.js";
import { benchWebhooks } from "./webhooks.bench.js";

const sizes = await benchPackageSize();
const startup = await benchStartup();
console.log();

const results: Array<Comparison & { throughputRatio?: number; peakHeapMiB?: number }> = [];
for (const result of await benchAgentsGet()) {
  report(result);
  results.push(result);
}
const stream = await benchStreamDecode();
report(stream.comparison);
console.log(
  `  throughput ${(1 / stream.comparison.ratio).toFixed(2)}× the baseline; peak heap growth while iterating ${stream.peakHeapMiB.toFixed(1)} MiB over ${stream.megabytes.toFixed(1)} MiB of input`,
);
results.push({ ...stream.comparison, throughputRatio: 1 / stream.comparison.ratio, peakHeapMiB: stream.peakHeapMiB });
for (const result of await benchForgeRequest()) {
  report(result);
  if (result.name.startsWith("app JWT signing")) {
    const opsPerSecond = (ns: number) => Math.round(1e9 / ns).toLocaleString("en-US");
    console.log(
      `  ${opsPerSecond(result.candidateNsPerOp)} signatures/s through the SDK vs ${opsPerSecond(result.baselineNsPerOp)}/s with jose alone`,
    );
  }
  results.push(result);
}
const webhooks = await benchWebhooks();
for (const result of webhooks.comparisons) {
  report(result);
  results.push(result);
}
const reactive = await benchReactive();
report(reactive.comparison);
results.push(reactive.comparison);
console.log(
  `  ${reactive.eventsPerSecond.watchRun.toLocaleString("en-US")} events/s through watchRun vs ${reactive.eventsPerSecond.reducer.toLocaleString("en-US")}/s through the bare reducer`,
);
console.log(
  `  a ${reactive.burst.events}-event burst: ${reactive.burst.notifications} adapter notification(s), ${reactive.burst.snapshots} snapshot changes without per-frame coalescing`,
);
const all = { node: process.version, results, sizes, startup };
console.log(JSON.stringify(all, null, 2));
console.log(`(every figure: ${saveResults("bench", all)})`);
