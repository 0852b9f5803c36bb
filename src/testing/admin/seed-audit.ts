import { DAY_MS, hash, pick, uuidFrom } from "./hash.js";
import type { AuditEventRecord, TeamState } from "./state.js";

type Seeded = [
  eventType: string,
  applicationType: AuditEventRecord["applicationType"],
  data: (h: number) => Record<string, unknown>,
];

/** Event types the seeded history cycles through, with plausible data (older rows have no application type). */
const SEEDED: readonly Seeded[] = [
  ["login", "", (h) => ({ method: h % 2 === 0 ? "sso" : "password" })],
  ["logout", "", () => ({})],
  ["add_user", "", (h) => ({ invitedEmail: `invitee${h % 97}@example.com`, role: "member" })],
  ["update_user_role", "", (h) => ({ newRole: h % 2 === 0 ? "owner" : "member" })],
  ["team_settings", "service", () => ({ setting: "privacy_mode_default", value: true })],
  ["team_api_key", "service", (h) => ({ action: "created", keyName: `ci-${h % 10}` })],
  ["privacy_mode", "", (h) => ({ enabled: h % 2 === 0 })],
  ["user_spend_limit", "service", (h) => ({ spendLimitDollars: 50 + (h % 10) * 10 })],
  ["team_repo", "", () => ({ repo: "https://github.com/example/app" })],
  ["create_directory_group", "", () => ({ groupName: "Engineering" })],
  ["assistant_bot_routine", "assistant_bot", (h) => ({ sand_agent_id: `bc-${uuidFrom(h, 1)}`, routine: "nightly" })],
  ["reviewbot_repo_settings", "", () => ({ repo: "https://github.com/example/library", enabled: true })],
  ["mcp_server_config", "", () => ({ server: "docs", action: "updated" })],
];

/**
 * A deterministic history for one team: 0 to 3 events a day over `days` days before `anchor`, oldest
 * first, by the team's first ten members, cycling through {@link SEEDED}'s event types.
 */
export function seedAuditEvents(team: TeamState, anchor: number, days: number): AuditEventRecord[] {
  const actors = team.members.slice(0, 10);
  const events: AuditEventRecord[] = [];
  if (actors.length === 0) return events;
  for (let back = days; back >= 1; back--) {
    const dayStart = anchor - back * DAY_MS;
    const count = hash(team.id, back, 0xa1) % 4;
    for (let j = 0; j < count; j++) {
      const h = hash(team.id, back, j, 0xa2);
      const [eventType, applicationType, data] = pick(SEEDED, h >>> 4);
      const actor = pick(actors, h >>> 8);
      events.push({
        eventId: uuidFrom(team.id, back, j, 0xa3),
        timestamp: dayStart + (h % 86_400) * 1000,
        ipAddress: `198.51.100.${(h >>> 12) % 250}`,
        userEmail: actor.person.email,
        eventType,
        applicationType,
        eventData: data(h),
      });
    }
  }
  return events.sort((a, b) => a.timestamp - b.timestamp);
}
