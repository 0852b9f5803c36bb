// Mirrored repositories through the fake forge: transition jobs on a fake clock, force cutover, detach, sync.
import { describe, expect, it } from "vitest";
import {
  AbortError,
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
} from "../../../src/core/errors.js";
import { MIRROR_TIMING } from "../../../src/testing/forge/mirror-routes.js";
import { repoData } from "../../../src/testing/forge/repo-state.js";
import { forgeSetup } from "./forge-fixtures.js";

const MIRROR_ADMIN = "mirror-admin-token";
const NO_MIRROR_SCOPE = "plain-user-token";
const USER_SCOPES = [
  "repository:metadata:read",
  "repository:contents:read",
  "repository:mirror:write",
  "repository:mirror:delete",
];

async function setup() {
  const { fake, clock, now, installation, userClient } = await forgeSetup({
    users: [
      { token: MIRROR_ADMIN, userId: "user_0001", scopes: USER_SCOPES },
      { token: NO_MIRROR_SCOPE, userId: "user_0002", scopes: ["repository:metadata:read"] },
    ],
    install: { scopes: ["repository:contents:read", "repository:labels:read"] },
    installationOptions: { maxRetries: 0 },
  });
  const sleeps: number[] = [];
  // The client's injectable sleep moves the fake clock instead of waiting.
  const sleep = async (ms: number) => {
    sleeps.push(ms);
    clock.t += ms;
  };
  const user = (token: string, maxRetryAfterMs?: number) =>
    userClient(token, { maxRetries: 0, now, sleep, ...(maxRetryAfterMs === undefined ? {} : { maxRetryAfterMs }) });
  const stateRepo = (repoId: string) => {
    const found = fake.forge.state.repositories.find((repo) => repo.id === repoId);
    if (!found) throw new Error(`no ${repoId}`);
    return found;
  };
  return {
    fake,
    clock,
    sleeps,
    stateRepo,
    admin: user(MIRROR_ADMIN),
    /** The same user on a client whose cap on waits is 0 ("never wait for a server"). */
    adminNeverWaiting: user(MIRROR_ADMIN, 0),
    plainUser: user(NO_MIRROR_SCOPE),
    installation,
  };
}

describe("mirror transitions", () => {
  it("walks initial_to_inbound from queued to succeeded on the fake clock", async () => {
    const { fake, clock, admin, sleeps } = await setup();
    const { name } = fake.forge.mirrors.add({ status: "initial" });
    const mirror = admin.repo("acme", name).mirror;
    expect(await mirror.activeJobs()).toEqual({});
    const spentBefore = fake.forge.stats["user:user_0001"]?.totalCharged ?? 0;
    const job = await mirror.transition({ transition: "initial_to_inbound" });
    expect(fake.forge.stats["user:user_0001"]?.totalCharged).toBe(spentBefore + 10);
    expect(job).toMatchObject({ transition: "initial_to_inbound", status: "queued", attemptCount: 0 });
    expect((await admin.repo("acme", name).get()).mirror?.status).toBe("transitioning");
    const again = mirror.transition({ transition: "initial_to_inbound" });
    await expect(again).rejects.toMatchObject({ status: 400, code: "failed_precondition" });
    expect((await mirror.activeJobs()).activeJob?.id).toBe(job.id);

    clock.t += MIRROR_TIMING.queuedMs;
    expect(await mirror.job(job.id as string)).toMatchObject({ status: "running", attemptCount: 1 });
    const done = await mirror.waitForJob(job.id as string, { intervalMs: 10_000 });
    expect(done).toMatchObject({ status: "succeeded", lastErrorCode: "", phase: "completed" });
    expect(sleeps.length).toBeGreaterThan(0);
    expect(sleeps.every((ms) => ms === 10_000)).toBe(true);
    expect((await admin.repo("acme", name).get()).mirror?.status).toBe("inbound");
    const jobs = await mirror.activeJobs();
    expect(jobs.activeJob).toBeUndefined();
    expect(jobs.lastJob?.id).toBe(job.id);
  });

  it("opens scoped operations only once inbound_to_outbound has succeeded", async () => {
    const { admin, installation } = await setup();
    const labels = installation.repo("acme", "legacy-mirror").labels;
    await expect(labels.list()).rejects.toBeInstanceOf(PermissionDeniedError);
    const job = await admin.repo("acme", "legacy-mirror").mirror.transition({ transition: "inbound_to_outbound" });
    await expect(labels.list()).rejects.toBeInstanceOf(PermissionDeniedError);
    await admin.repo("acme", "legacy-mirror").mirror.waitForJob(job.id as string);
    expect((await labels.list()).items.length).toBeGreaterThan(0);
  });

  it("refuses a wrong start state, a native repository, non-upstream admins and other credentials", async () => {
    const { fake, admin, plainUser, installation } = await setup();
    const { name } = fake.forge.mirrors.add({ status: "initial", upstreamAdmins: ["user_0002"] });
    const wrongState = admin.repo("acme", "legacy-mirror").mirror.transition({ transition: "outbound_to_inbound" });
    await expect(wrongState).rejects.toMatchObject({ status: 400, code: "failed_precondition" });
    const native = admin.repo("acme", "web-app").mirror.transition({ transition: "initial_to_inbound" });
    await expect(native).rejects.toBeInstanceOf(BadRequestError);
    const notAdmin = admin.repo("acme", name).mirror.transition({ transition: "initial_to_inbound" });
    await expect(notAdmin).rejects.toBeInstanceOf(PermissionDeniedError);
    const noScope = plainUser.repo("acme", "legacy-mirror").mirror.transition({ transition: "inbound_to_outbound" });
    await expect(noScope).rejects.toBeInstanceOf(PermissionDeniedError);
    // An installation token is refused before the network: the route accepts only user credentials.
    const app = installation.repo("acme", "legacy-mirror").mirror.transition({ transition: "inbound_to_outbound" });
    await expect(app).rejects.toMatchObject({ code: "wrong_credential" });
    await expect(admin.repo("acme", "legacy-mirror").mirror.job("mtj_missing")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("rolls a failed job back to its start state and reports the error", async () => {
    const { fake, admin } = await setup();
    const { repoId, name } = fake.forge.mirrors.add({ status: "inbound" });
    fake.forge.mirrors.failNextJob(repoId, "failed_rolled_back", { code: "UPSTREAM_GONE", message: "upstream moved" });
    const mirror = admin.repo("acme", name).mirror;
    const job = await mirror.transition({ transition: "inbound_to_outbound" });
    const done = await mirror.waitForJob(job.id as string);
    expect(done).toMatchObject({
      status: "failed_rolled_back",
      lastErrorCode: "UPSTREAM_GONE",
      lastErrorMessage: "upstream moved",
    });
    expect((await admin.repo("acme", name).get()).mirror?.status).toBe("inbound");
    const next = await mirror.transition({ transition: "inbound_to_outbound" });
    expect((await mirror.waitForJob(next.id as string)).status).toBe("succeeded");
  });

  it("never polls faster than once a second because of a low cap, and refuses an interval of 0", async () => {
    const { fake, clock, adminNeverWaiting, sleeps } = await setup();
    const { name } = fake.forge.mirrors.add({ status: "initial" });
    const mirror = adminNeverWaiting.repo("acme", name).mirror;
    const job = await mirror.transition({ transition: "initial_to_inbound" });
    clock.t += MIRROR_TIMING.queuedMs;
    await expect(mirror.waitForJob(job.id as string, { intervalMs: 0 })).rejects.toMatchObject({
      path: "intervalMs",
      rule: "min",
    });
    const done = await mirror.waitForJob(job.id as string);
    expect(done.status).toBe("succeeded");
    expect(sleeps.length).toBeGreaterThan(0);
    expect(sleeps.every((ms) => ms === 1_000)).toBe(true);
  });

  it("checks the transition body and wait options before the network", async () => {
    const { fake, admin } = await setup();
    const mirror = admin.repo("acme", "legacy-mirror").mirror;
    const before = fake.requests.length;
    await expect(mirror.transition({ transition: "sideways" as never })).rejects.toMatchObject({
      path: "transition",
      rule: "one_of",
    });
    await expect(mirror.transition({} as never)).rejects.toMatchObject({ path: "transition" });
    await expect(mirror.job("")).rejects.toMatchObject({ path: "jobId", rule: "required" });
    await expect(mirror.waitForJob("mtj_1", { intervalMs: -1 })).rejects.toMatchObject({
      path: "intervalMs",
      rule: "min",
    });
    await expect(mirror.sync({ ref: "" })).rejects.toBeInstanceOf(ValidationError);
    expect(fake.requests.length).toBe(before);
  });

  it("stops waiting when its signal fires", async () => {
    const { admin } = await setup();
    const mirror = admin.repo("acme", "legacy-mirror").mirror;
    const job = await mirror.transition({ transition: "inbound_to_outbound" });
    const controller = new AbortController();
    controller.abort();
    await expect(mirror.waitForJob(job.id as string, { signal: controller.signal })).rejects.toBeInstanceOf(AbortError);
  });
});

describe("force cutover and detach", () => {
  it("ends a stuck outbound_to_inbound job by adopting upstream and abandoning forge-only refs", async () => {
    const { fake, admin, stateRepo } = await setup();
    const { repoId, name } = fake.forge.mirrors.add({ status: "outbound" });
    const mirror = admin.repo("acme", name).mirror;
    await expect(admin.repo("acme", "legacy-mirror").mirror.forceCutover()).rejects.toMatchObject({
      code: "failed_precondition",
    });
    fake.forge.mirrors.failNextJob(repoId, "requires_attention");
    const job = await mirror.transition({ transition: "outbound_to_inbound" });
    const stuck = await mirror.waitForJob(job.id as string);
    expect(stuck).toMatchObject({ status: "requires_attention", lastErrorCode: "REFS_DIVERGED" });
    expect((await mirror.activeJobs()).activeJob?.status).toBe("requires_attention");
    await expect(mirror.transition({ transition: "outbound_to_inbound" })).rejects.toBeInstanceOf(BadRequestError);

    const branches = repoData(fake.forge.state, stateRepo(repoId)).branches;
    branches.set("forge-only", "f".repeat(40));
    const after = await mirror.forceCutover();
    expect(after.status).toBe("inbound");
    expect(fake.forge.mirrors.abandonedRefs(repoId)).toEqual({ "forge-only": "f".repeat(40) });
    expect(branches.has("forge-only")).toBe(false);
    expect((await mirror.job(job.id as string)).status).toBe("superseded");
  });

  it("force-cuts a stable outbound mirror over to inbound", async () => {
    const { fake, admin } = await setup();
    const { name } = fake.forge.mirrors.add({ status: "outbound" });
    expect((await admin.repo("acme", name).mirror.forceCutover()).status).toBe("inbound");
    expect((await admin.repo("acme", name).get()).mirror?.status).toBe("inbound");
  });

  it("detaches a mirror (repeat succeeds), supersedes its job, and refuses a never-mirrored repository", async () => {
    const { admin, installation } = await setup();
    const mirror = admin.repo("acme", "legacy-mirror").mirror;
    const job = await mirror.transition({ transition: "inbound_to_outbound" });
    await expect(installation.repo("acme", "legacy-mirror").mirror.detach()).rejects.toMatchObject({
      code: "wrong_credential",
    });
    await mirror.detach();
    await mirror.detach();
    expect((await mirror.job(job.id as string)).status).toBe("superseded");
    expect((await admin.repo("acme", "legacy-mirror").get()).mirror).toBeUndefined();
    expect((await installation.repo("acme", "legacy-mirror").labels.list()).items.length).toBeGreaterThan(0);
    await expect(admin.repo("acme", "web-app").mirror.detach()).rejects.toMatchObject({
      status: 400,
      code: "failed_precondition",
    });
  });
});

describe("sync mirror", () => {
  it("answers synced at once when the ref matches, 202 until a pending sync lands", async () => {
    const { fake, clock, installation } = await setup();
    const mirror = installation.repo("acme", "legacy-mirror").mirror;
    expect(await mirror.sync()).toEqual({ synced: true });
    const repoId = fake.forge.state.repositories.find((repo) => repo.name === "legacy-mirror")?.id as string;
    fake.forge.mirrors.pushUpstream(repoId, "release");
    const pending = await mirror.sync({ ref: "refs/heads/release" }).withResponse();
    expect(pending.response.status).toBe(202);
    expect(pending.data.synced).toBe(false);
    clock.t += MIRROR_TIMING.syncMs;
    const landed = await mirror.sync({ ref: "release" }).withResponse();
    expect(landed.response.status).toBe(200);
    expect(landed.data.synced).toBe(true);
    await expect(mirror.sync({ ref: "no-such-ref" })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses native repositories and mirrors that have not started", async () => {
    const { fake, installation } = await setup();
    await expect(installation.repo("acme", "web-app").mirror.sync()).rejects.toMatchObject({
      code: "failed_precondition",
    });
    const { name } = fake.forge.mirrors.add({ status: "initial" });
    await expect(installation.repo("acme", name).mirror.sync()).rejects.toBeInstanceOf(BadRequestError);
  });
});
