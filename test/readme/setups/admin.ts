// Team Admin and Organization: the fake's admin keys and origin, the member the block removes, the group it adds to,
// and the inputs the section takes as given, built from the seeded team. After the run, the fake must show what the
// block's comments say: the member removed, the spend limits set, the group grown, the memberships synced and the
// provider turned off for the teams.
// biome-ignore-all lint/correctness/noUnusedVariables: the README block that follows this setup uses them.
import { expectAfterSnippet, fakeNetwork } from "../network.js";

// The block's placeholders are the fake's real ids: the organization is seeded as "org_…", the Design group re-id'd "team_group_7f3k2a".
const fake = fakeNetwork({ admin: { organizationId: "org_…", members: 150 } });
const teamKey = "team-key";
const orgKey = "org-key";
const baseUrl = "https://api.example.com";
const seeded = fake.admin.state.teams.get(fake.admin.primaryTeamId);
const design = seeded?.directoryGroups.groups.find((group) => group.name === "Design");
if (!seeded || !design) throw new Error("setup: the fake no longer seeds the primary team's Design group");
(design as { id: string }).id = "team_group_7f3k2a";
// The member the block removes: a seeded non-owner, given the README's address.
const leaver = seeded.members.find((member) => member.role === "member" && !member.isRemoved);
if (!leaver) throw new Error("setup: the fake no longer seeds a plain member");
leaver.person.email = "leaver@acme.dev";

const stayers = fake.admin.members().filter((member) => member.email !== "leaver@acme.dev");
// 130 members: two requests of the 100-per-request route.
const updates = stayers
  .slice(0, 130)
  .map((member, index) => ({ userEmail: member.email, spendLimitDollars: 50 + index }));
const userIds = stayers.slice(12, 17).map((member) => member.userId);
// All three linked teams; the last has no model access control, so its provider row fails and `retryFailed` has a row
// to resend (with nothing failed, `retryFailed(bulk.report)` is an empty list, and setProviderMany sends nothing).
const teamIds = [...fake.admin.teamIds];
const customTeamIds = teamIds.slice(0, 2);
// Provider toggles apply to teams whose model access is custom (409 otherwise): the first two are.
for (const teamId of customTeamIds) {
  const access = fake.admin.state.teams.get(teamId)?.modelAccess;
  if (access) Object.assign(access, { state: "custom", legacyLists: null });
}
const users = stayers.slice(17, 19).map((member) => ({ userId: member.userId, teamIds }));
const startDate = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
const endDate = new Date().toISOString().slice(0, 10);

expectAfterSnippet("leaver@acme.dev to be removed from the team", () =>
  fake.admin.members().some((member) => member.email === "leaver@acme.dev" && member.isRemoved),
);
expectAfterSnippet("all 130 spend limits to be set at the fake", () =>
  updates.every(({ userEmail, spendLimitDollars }) =>
    fake.admin.members().some((member) => member.email === userEmail && member.spendLimitDollars === spendLimitDollars),
  ),
);
expectAfterSnippet("the userIds to be members of team_group_7f3k2a", () =>
  userIds.every((userId) => {
    const person = fake.admin.state.peopleByUserId.get(userId);
    return person !== undefined && design.members.has(person.id);
  }),
);
expectAfterSnippet("the synced users to be members of all three teams", () =>
  teamIds.every((teamId) =>
    users.every(({ userId }) =>
      fake.admin.members(teamId).some((member) => member.userId === userId && !member.isRemoved),
    ),
  ),
);
expectAfterSnippet("provider acme to be turned off for both custom teams", () =>
  customTeamIds.every((teamId) => fake.admin.state.teams.get(teamId)?.modelAccess.providers.get("acme") === false),
);
