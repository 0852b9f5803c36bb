import { useCheckRuns } from "../../../../adapters/react/index.js";
import type { CheckRunsSource } from "../../../../src/reactive/index.js";

/** A commit's check runs, polled every 50 ms. */
export function CheckRuns(props: { forge: CheckRunsSource; sha: string }) {
  const checks = useCheckRuns({
    owner: "acme",
    repo: "web-app",
    sha: props.sha,
    forge: props.forge,
    pollIntervalMs: 50,
  });
  return (
    <section>
      <p data-testid="pending">{checks.pending ? "pending" : "settled"}</p>
      <ul data-testid="checks">
        {checks.runs.map((run) => (
          <li key={run.id}>
            {run.key}: {run.status}
          </li>
        ))}
      </ul>
    </section>
  );
}
