import { GroupStore } from "./group-store.js";
import { DAY_MS, hash } from "./hash.js";
import { OTHER_ORGANIZATION_ID, type ResolvedAdminOptions } from "./options.js";
import { seedAuditEvents } from "./seed-audit.js";
import {
  type AdminState,
  createCounters,
  type ModelAccessRecord,
  type Person,
  type TeamMemberRecord,
  type TeamState,
} from "./state.js";

const FIRST = ["Ada", "Grace", "Alan", "Barbara", "Edsger", "Frances", "Donald", "Margaret", "Ken", "Radia"];
const LAST = [
  "Lovelace",
  "Hopper",
  "Turing",
  "Liskov",
  "Dijkstra",
  "Allen",
  "Knuth",
  "Hamilton",
  "Thompson",
  "Perlman",
];
const TEAM_NAMES = ["Core Platform", "Research", "Legacy Ops", "Mobile", "Data"];
const ENCODE_SALT = 0x2f6b_1c3d;

/** `user_` + an opaque, collision-free encoding of the numeric id. */
function encodeUserId(id: number): string {
  const mixed = (Math.imul(id ^ ENCODE_SALT, 0x9e3779b1) >>> 0).toString(36).padStart(7, "0");
  return `user_${mixed}${(id % 36).toString(36)}`;
}

function createPerson(state: AdminState, inOrganization: boolean): Person {
  const index = state.people.length;
  const first = FIRST[index % FIRST.length] as string;
  // (index, index + index / 10) mod 10 is a bijection on 0..99: a hundred distinct names before suffixes.
  const last = LAST[(index + Math.floor(index / FIRST.length)) % LAST.length] as string;
  // Unique emails: the first 100 combinations are bare, later people carry their index.
  const suffix = index >= FIRST.length * LAST.length ? `.${index}` : "";
  const id = 10_001 + index;
  const person: Person = {
    id,
    userId: encodeUserId(id),
    name: `${first} ${last}`,
    email: `${first}.${last}${suffix}@example.com`.toLowerCase(),
    inOrganization,
    organizationRole: inOrganization && index === 0 ? "admin" : "member",
  };
  state.people.push(person);
  state.peopleById.set(person.id, person);
  state.peopleByUserId.set(person.userId, person);
  return person;
}

function modelAccess(available: boolean, legacy: boolean): ModelAccessRecord {
  return {
    available,
    state: legacy ? "legacy" : "unrestricted",
    newProviderDefault: null,
    newModelDefault: null,
    providers: new Map(),
    models: new Map(),
    parameters: new Map(),
    legacyLists: legacy ? { allowed: ["acme/acme-large", "house/auto"], blocked: ["globex/globex-pro"] } : null,
  };
}

function createTeam(
  state: AdminState,
  id: number,
  name: string,
  linked: boolean,
  access: ModelAccessRecord,
): TeamState {
  const createdAt = state.anchor - 720 * DAY_MS;
  const team: TeamState = {
    id,
    name,
    linked,
    createdAt,
    members: [],
    memberByPerson: new Map(),
    serviceAccount: { id: state.mint("sa_"), name: "CI automation", email: `ci-bot+team${id}@service.example.com` },
    audit: [],
    blocklists: [
      { id: state.mint("repo_"), url: "https://github.com/example/secrets", patterns: ["*"] },
      { id: state.mint("repo_"), url: "https://github.com/example/app", patterns: ["**/*.secret", "config/prod/**"] },
    ],
    directoryGroups: new GroupStore("team_group_", state.mint),
    billingGroups: [],
    billingMemberships: [],
    modelAccess: access,
    bot: {
      enabled: false,
      capabilities: {
        cloudAgents: true,
        templateSharing: null,
        actionRecording: false,
        localExecution: null,
        localEgressAllowed: false,
      },
      autoReview: { enforced: false, rules: { allow: [], block: [] } },
      access: { mode: "all", groupIds: [] },
      network: { egressMode: "unset", allowlist: [], locked: false },
      rules: [],
      manifests: new Map(),
    },
  };
  state.teams.set(id, team);
  return team;
}

/** Adds a person to a team (joined long before usage began, at a distinct instant). */
export function addMember(team: TeamState, person: Person, role: string, joinedAt: number): TeamMemberRecord {
  const member: TeamMemberRecord = {
    person,
    role,
    isRemoved: false,
    joinedAt,
    spendLimitDollars: null,
    hardLimitOverrideDollars: 0,
  };
  team.members.push(member);
  team.memberByPerson.set(person.id, member);
  return member;
}

function seedMembers(state: AdminState, team: TeamState, people: Person[], roles: (index: number) => string): void {
  people.forEach((person, index) => {
    const joinedAt = state.anchor - (120 + (hash(team.id, person.id) % 400)) * DAY_MS - index * 1000;
    addMember(team, person, roles(index), joinedAt);
  });
}

function seedGroups(state: AdminState, team: TeamState, primary: boolean): void {
  const at = state.anchor - 200 * DAY_MS;
  const people = team.members.map((m) => m.person);
  const engineering = team.directoryGroups.create("Engineering", at);
  engineering.monthlySpendingLimitDollars = 200;
  for (const person of people.slice(0, 10)) engineering.members.set(person.id, at);
  team.directoryGroups.create("Design", at + 1000);
  const sales = team.directoryGroups.create("Sales (SCIM)", at + 2000, true);
  for (const person of people.slice(10, 12)) sales.members.set(person.id, at + 2000);
  if (!primary) return;
  const backend = {
    id: state.mint("group_"),
    name: "Backend",
    directoryGroupId: engineering.id,
    createdAt: at,
    updatedAt: at,
  };
  const frontend = { id: state.mint("group_"), name: "Frontend", directoryGroupId: null, createdAt: at, updatedAt: at };
  team.billingGroups.push(backend, frontend);
  const joinedAt = state.anchor - 90 * DAY_MS;
  for (const [index, person] of people.slice(0, 8).entries()) {
    const groupId = index < 5 ? backend.id : frontend.id;
    team.billingMemberships.push({ personId: person.id, groupId, joinedAt, leftAt: null });
  }
  const former = people[8];
  if (former)
    team.billingMemberships.push({
      personId: former.id,
      groupId: frontend.id,
      joinedAt,
      leftAt: state.anchor - 3 * DAY_MS,
    });
}

/**
 * Seeds the organization, its linked teams (the primary with `members` people, the others small and
 * overlapping), teams named by team keys outside it, groups, billing groups, model access policies and
 * audit history. Deterministic for a given anchor and options.
 */
export function seedAdminState(options: ResolvedAdminOptions, anchor: number): AdminState {
  const year = new Date(anchor).getUTCFullYear();
  const counters = createCounters();
  const linkedIds = Array.from({ length: options.linkedTeams }, (_, k) => options.primaryTeamId + k);
  const state: AdminState = {
    anchor,
    activityStart: anchor - 90 * DAY_MS,
    ...counters,
    organization: {
      id: options.organizationId,
      name: "Fake Organization",
      teamIds: linkedIds,
      contractStart: Date.UTC(year, 0, 1),
      contractEnd: Date.UTC(year + 1, 0, 1),
      poolLimitCents: 50_000_000,
      teamBudgets: new Map(linkedIds[1] === undefined ? [] : [[linkedIds[1], 2_000_000]]),
      groups: new GroupStore("g_", counters.mint),
    },
    knownOrganizationIds: new Set([options.organizationId, OTHER_ORGANIZATION_ID]),
    people: [],
    peopleById: new Map(),
    peopleByUserId: new Map(),
    teams: new Map(),
  };
  for (const key of options.organizationKeys) state.knownOrganizationIds.add(key.organizationId);

  const primaryPeople = Array.from({ length: options.members }, () => createPerson(state, true));
  linkedIds.forEach((id, k) => {
    const last = k === linkedIds.length - 1 && k > 0;
    const team = createTeam(state, id, TEAM_NAMES[k] ?? `Team ${id}`, true, modelAccess(!last, k === 1 && !last));
    if (k === 0) {
      seedMembers(state, team, primaryPeople, (i) => (i === 0 ? "owner" : i === 1 ? "free-owner" : "member"));
    } else {
      const fresh = Array.from({ length: 4 + k }, () => createPerson(state, true));
      seedMembers(state, team, fresh, (i) => (i === 0 ? "owner" : "member"));
      seedMembers(state, team, primaryPeople.slice(k, k + 2), () => "member");
    }
    seedGroups(state, team, k === 0);
  });
  // Organization members in no team, and one person outside the organization (sync error rows).
  createPerson(state, true);
  createPerson(state, true);
  createPerson(state, false);

  const guild = state.organization.groups.create("Platform Guild", anchor - 100 * DAY_MS);
  for (const person of primaryPeople.slice(0, 5)) guild.members.set(person.id, anchor - 100 * DAY_MS);
  state.organization.groups.create("Empty Guild", anchor - 50 * DAY_MS);

  for (const key of options.teamKeys) {
    if (state.teams.has(key.teamId)) continue;
    const team = createTeam(state, key.teamId, `Standalone ${key.teamId}`, false, modelAccess(true, false));
    const people = Array.from({ length: 3 }, () => createPerson(state, false));
    seedMembers(state, team, people, (i) => (i === 0 ? "owner" : "member"));
  }
  for (const team of state.teams.values()) team.audit.push(...seedAuditEvents(team, anchor, options.auditDays));
  return state;
}
