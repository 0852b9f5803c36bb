// `npm run bench`: every benchmark, each a ratio against a baseline measured in the same run.
import { benchAgentsGet } from "./agents-get.bench.js";
import { type Comparison, report } from "./harness.js";

const results: Comparison[] = [];
for (const bench of [benchAgentsGet]) {
  for (const result of await bench()) {
    report(result);
    results.push(result);
  }
}
console.log(JSON.stringify({ node: process.version, results }, null, 2));
