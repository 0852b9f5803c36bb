// A small Team Admin API server written from /work/shared/spec/admin-api.md alone (not from the SDK's fake), for
// `npm run demo -- admin` against "a real team": HTTP Basic with the team key, GET /teams/members, POST /teams/spend,
// POST /teams/daily-usage-data, GET /teams/audit-logs (page/pageSize, 30-day ranges), the spec's error bodies, and
// 429 when a route family's 20 requests a minute are spent. It counts requests per route.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface SpecAdminServer {
  url: string;
  counts: Map<string, number>;
  /** Requests answered 429 (the demo should have waited instead). */
  refused: number;
  close(): Promise<void>;
}

const DAY = 86_400_000;

export async function startSpecAdminServer(key: string, auditEvents: number): Promise<SpecAdminServer> {
  const counts = new Map<string, number>();
  const minute = new Map<string, number[]>();
  const state = { refused: 0 };
  const members = Array.from({ length: 12 }, (_, i) => ({
    id: `user_${i}`,
    email: `member${i}@example.com`,
    name: `Member ${i}`,
    role: i === 0 ? "owner" : "member",
    isRemoved: false,
  }));
  const now = Date.now();
  const events = Array.from({ length: auditEvents }, (_, i) => ({
    event_id: `ev_${i}`,
    timestamp: new Date(now - (i % 85) * DAY - 1000).toISOString(),
    ip_address: "192.0.2.1",
    user_email: members[i % members.length]?.email,
    event_type: i % 2 ? "login" : "team_settings",
    application_type: "",
    event_data: {},
  }));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const route = `${req.method} ${url.pathname}`;
    counts.set(route, (counts.get(route) ?? 0) + 1);
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Basic ${Buffer.from(`${key}:`).toString("base64")}`)
        return send(401, { code: "error", message: "Invalid API key" });
      const family = url.pathname;
      const recent = (minute.get(family) ?? []).filter((t) => t > Date.now() - 60_000);
      if ((family === "/teams/audit-logs" || family === "/teams/daily-usage-data") && recent.length >= 20) {
        state.refused++;
        return send(429, { code: "error", message: "Rate limit exceeded" }, { "retry-after": "60" });
      }
      minute.set(family, [...recent, Date.now()]);
      const body = raw ? (JSON.parse(raw) as Record<string, number>) : {};
      if (route === "GET /teams/members") return send(200, { teamMembers: members });
      if (route === "POST /teams/spend") {
        const teamMemberSpend = members.map((m, i) => ({
          userId: m.id,
          name: m.name,
          email: m.email,
          role: m.role,
          spendCents: i * 101.5,
        }));
        return send(200, {
          teamMemberSpend,
          subscriptionCycleStart: now - 10 * DAY,
          totalMembers: members.length,
          totalPages: 1,
        });
      }
      if (route === "POST /teams/daily-usage-data") {
        const { startDate = 0, endDate = 0 } = body;
        if (endDate - startDate > 30 * DAY)
          return send(400, { code: "error", message: "Date range cannot exceed 30 days" });
        const data = members.map((m, i) => ({
          userId: i,
          email: m.email,
          day: "2026-11-01",
          date: startDate,
          agentRequests: 1,
          composerRequests: 2,
          totalLinesAdded: 10,
          acceptedLinesAdded: 5,
        }));
        return send(200, { data, period: { startDate, endDate } });
      }
      if (route === "GET /teams/audit-logs") {
        const start = Number(url.searchParams.get("startTime"));
        const end = Number(url.searchParams.get("endTime"));
        if (!(end - start <= 30 * DAY))
          return send(400, { code: "error", message: "Date range cannot exceed 30 days" });
        const page = Number(url.searchParams.get("page") ?? 1);
        const pageSize = Number(url.searchParams.get("pageSize") ?? 100);
        const inRange = events.filter((e) => Date.parse(e.timestamp) >= start && Date.parse(e.timestamp) <= end);
        const totalPages = Math.max(1, Math.ceil(inRange.length / pageSize));
        return send(200, {
          events: inRange.slice((page - 1) * pageSize, page * pageSize),
          pagination: {
            page,
            pageSize,
            totalCount: inRange.length,
            totalPages,
            hasNextPage: page < totalPages,
            hasPreviousPage: page > 1,
          },
          params: { teamId: 1, startDate: start, endDate: end },
        });
      }
      return send(404, { code: "error", message: `No route ${route}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    get refused() {
      return state.refused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
