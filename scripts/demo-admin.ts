// `npm run demo -- admin`: a team report (members, top 5 spenders, 90-day usage) through AdminClient —
// against the embedded fake, or a real service with AGENTLINE_BASE_URL and AGENTLINE_ADMIN_KEY.
// Against the fake, the clock is virtual: a rate-budget wait advances it at once, and the demo says so.
import { AdminClient, type RateBudgetWait } from "../src/admin/index.js";
import { createFakeService } from "../src/testing/index.js";
import { serveFetch } from "./lib/serve-fetch.js";

const DAY = 86_400_000;

export async function adminDemo(): Promise<void> {
  const realUrl = process.env.AGENTLINE_BASE_URL;
  const realKey = process.env.AGENTLINE_ADMIN_KEY;
  const useReal = Boolean(realUrl && realKey);
  let virtualNow = Date.now();
  const virtual = !useReal;
  const now = () => (virtual ? virtualNow : Date.now());
  let close = async () => {};
  let baseUrl = realUrl ?? "";
  if (!useReal) {
    const fake = createFakeService({ now, admin: { members: 1_200 } });
    const served = await serveFetch(fake.fetch);
    baseUrl = served.url;
    close = served.close;
    console.log(
      `fake admin service on ${served.url} (virtual clock; set AGENTLINE_BASE_URL and AGENTLINE_ADMIN_KEY for a real team)`,
    );
  }
  const onWait = (wait: RateBudgetWait) =>
    console.log(
      `  … ${wait.family} budget spent: waiting ${(wait.waitMs / 1000).toFixed(0)} s${virtual ? " (virtual time)" : ""} so the server never answers 429`,
    );
  const admin = new AdminClient({
    apiKey: realKey ?? "team-key",
    baseUrl,
    onWait,
    ...(virtual
      ? {
          now,
          sleep: async (ms: number) => {
            virtualNow += ms;
          },
        }
      : {}),
  });
  try {
    const { teamMembers } = await admin.members.list();
    const active = teamMembers.filter((m) => !m.isRemoved);
    const roles = new Map<string, number>();
    // Response fields are optional (the spec marks none required): read each with a fallback.
    for (const m of active) roles.set(m.role ?? "unknown", (roles.get(m.role ?? "unknown") ?? 0) + 1);
    console.log(`members: ${active.length} active (${[...roles].map(([role, n]) => `${n} ${role}`).join(", ")})`);

    const spend = await admin.spend.list({ pageSize: 200 }).toArray();
    const top = [...spend].sort((a, b) => (b.spendCents ?? 0) - (a.spendCents ?? 0)).slice(0, 5);
    console.log("top 5 spenders this cycle:");
    for (const row of top)
      console.log(`  ${(row.email ?? "?").padEnd(32)} $${((row.spendCents ?? 0) / 100).toFixed(2)}`);

    const end = now();
    const usage = await admin.usage.daily({ startDate: end - 90 * DAY, endDate: end });
    const totals = { agentRequests: 0, composerRequests: 0, linesAdded: 0, acceptedLines: 0 };
    const byUser = new Map<string, number>();
    for (const row of usage.data) {
      totals.agentRequests += row.agentRequests ?? 0;
      totals.composerRequests += row.composerRequests ?? 0;
      totals.linesAdded += row.totalLinesAdded ?? 0;
      totals.acceptedLines += row.acceptedLinesAdded ?? 0;
      byUser.set(row.email ?? "?", (byUser.get(row.email ?? "?") ?? 0) + (row.agentRequests ?? 0));
    }
    console.log(
      `90-day usage: ${usage.data.length} user-days, ${totals.agentRequests} agent requests, ${totals.composerRequests} composer requests, ` +
        `${totals.linesAdded} lines added (${totals.acceptedLines} accepted), ${byUser.size} active users`,
    );

    // Against the fake, tiny pages show the 20 requests/min budget at work (its waits cost no real time). A real
    // team gets the route's default page size: pages of 2 would take minutes of real waits per few hundred events.
    const pageSize = virtual ? 2 : 100;
    console.log(`90-day audit log (pages of ${pageSize}, 20 requests/min budget):`);
    const types = new Map<string, number>();
    for await (const event of admin.auditLogs.list({ startTime: end - 90 * DAY, endTime: end, pageSize })) {
      const type = event.event_type ?? "unknown";
      types.set(type, (types.get(type) ?? 0) + 1);
    }
    const common = [...types].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(
      `  ${[...types.values()].reduce((a, b) => a + b, 0)} events; most common: ${common.map(([t, n]) => `${t} ×${n}`).join(", ")}`,
    );
  } finally {
    await close();
  }
}
