// `npm run bench`: every benchmark, each a ratio against a baseline measured in the same run.
import { benchAgentsGet } from "./agents-get.bench.js";
import { benchForgeRequest } from "./forge-request.bench.js";
import { type Comparison, report } from "./harness.js";
import { benchReactive } from "./reactive.js";
import { benchStreamDecode } from "./stream-decode.bench.js";
import { benchWebhooks } from "./webhooks.bench.js";

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
console.log(
  `webhook receiver entry (verifyWebhook + ForgeKeys): ${webhooks.size.minified} B minified, ${webhooks.size.gzip} B min+gzip (goal ≤ 3,072 B)`,
);
const reactive = await benchReactive();
report(reactive.comparison);
results.push(reactive.comparison);
console.log(
  `  ${reactive.eventsPerSecond.watchRun.toLocaleString("en-US")} events/s through watchRun vs ${reactive.eventsPerSecond.reducer.toLocaleString("en-US")}/s through the bare reducer`,
);
console.log(
  `  a ${reactive.burst.events}-event burst: ${reactive.burst.notifications} adapter notification(s), ${reactive.burst.snapshots} snapshot changes without per-frame coalescing`,
);
const added = reactive.addedGzipBytes;
console.log(
  `reactive + React useRun on top of the client: ${added.useRun} B min+gzip, ${added.useRun + added.signalsCore} B with @preact/signals-core (goal ≤ 4,096 B); every React export ${added.allReactExports} B`,
);
console.log(JSON.stringify({ node: process.version, results }, null, 2));
