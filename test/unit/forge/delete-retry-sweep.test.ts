// Every forge operation that deletes or removes something, with its first answer lost: the first attempt removes
// the thing, the connection drops before the answer, the client retries, and the forge answers the repeat. A retried
// delete must report the removal it made itself, not a 404 for it; one that is never retried must be sent once.
// Served by a plain node:http server written from the spec (not the fake), which drops the first answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectionError, NotFoundError } from "../../../src/core/errors.js";
import { isIdempotent } from "../../../src/core/operation.js";
import { ForgeApp, ForgeClient } from "../../../src/forge/index.js";
import { generateAppKeyPair } from "../../../src/forge/keys.js";
import { FORGE_OPERATIONS } from "../../../src/forge/operations.js";

const PREFIX = "/v1/forge";
const label = (name: string) => ({ id: `lbl_${name}`, name, color: "ff0000" });

/** One removable thing: what its DELETE answers while it exists, and what a repeat answers once it is gone. */
interface Target {
  deletes: number;
  exists: boolean;
  dropFirst: boolean;
  /** The answer of a successful removal (204 when undefined). */
  answer?: () => unknown;
  /** The spec's answer to a repeat: 404 (it is gone), or 204 where the spec says a repeat succeeds. */
  repeat: 404 | 204;
}

let server: Server;
let base = "";
const targets = new Map<string, Target>();
/** The labels of pull request 7 (`pullLabels.remove` answers the ones that remain). */
let pullLabels: string[] = [];

function send(response: ServerResponse, status: number, body?: unknown): void {
  const headers: Record<string, string> = { "x-request-id": `req_${status}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  response.writeHead(status, headers).end(body === undefined ? undefined : JSON.stringify(body));
}

function route(request: IncomingMessage, response: ServerResponse): void {
  const path = new URL(request.url ?? "/", "http://x").pathname.slice(PREFIX.length);
  if (request.method === "GET" && path === "/repos/acme/web/pulls/7/labels") {
    send(response, 200, { labels: pullLabels.map(label), nextPageToken: "" });
    return;
  }
  const target = targets.get(`${request.method} ${path}`);
  if (!target) {
    send(response, 500, { code: 13, message: `unexpected ${request.method} ${path}`, details: [] });
    return;
  }
  target.deletes++;
  if (!target.exists) {
    if (target.repeat === 204) send(response, 204);
    else send(response, 404, { code: 5, message: "not found", details: [] });
    return;
  }
  target.exists = false;
  const body = target.answer?.();
  if (target.dropFirst) {
    request.socket.destroy(); // removed, but the answer never arrives
    return;
  }
  send(response, body === undefined ? 204 : 200, body);
}

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => route(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => new ForgeClient({ token: "user-token", baseUrl: base, maxRetries: 2 });
const repo = () => client().repo("acme", "web");
let privateKey = "";
const app = () => new ForgeApp({ appId: "app_1", privateKey, baseUrl: base, maxRetries: 2 });

interface Case {
  name: keyof typeof FORGE_OPERATIONS;
  line: string;
  call: () => Promise<unknown>;
  /** What the call resolves to after a lost answer (and after an answered one, unless `answered` says otherwise). */
  data: () => unknown;
  answer?: () => unknown;
  repeat?: 204;
  setup?: () => void;
}

const PULL = "/repos/acme/web/pulls/7";
const removeBug = () => {
  pullLabels = pullLabels.filter((name) => name !== "bug");
  return { labels: pullLabels.map(label) };
};

/** The retried deletes: every DELETE entry whose retry class lets it be repeated. */
const RETRIED: Case[] = [
  {
    name: "installations.delete",
    line: "DELETE /app/installations/inst_1",
    call: () => app().installations.delete("inst_1"),
    data: () => undefined,
  },
  {
    name: "apps.signingKeys.delete",
    line: "DELETE /apps/app_1/signing_keys/kid_1",
    call: () => client().apps.signingKeys.delete("app_1", "kid_1"),
    data: () => undefined,
  },
  {
    name: "repo.grants.delete",
    line: "DELETE /repos/acme/web/grants",
    call: () => repo().grants.delete({ user: "user_1" }),
    data: () => undefined,
  },
  {
    name: "owner.grants.delete",
    line: "DELETE /owners/acme/grants",
    call: () => client().owner("acme").grants.delete({ group: "grp_1" }),
    data: () => undefined,
  },
  {
    // "repeat succeeds" (spec): the repeat answers 204, never 404.
    name: "mirror.detach",
    line: "DELETE /repos/acme/web/mirror",
    call: () => repo().mirror.detach(),
    data: () => undefined,
    repeat: 204,
  },
  {
    name: "comments.delete",
    line: `DELETE /repos/acme/web/pulls/comments/cmt_1`,
    call: () => repo().pulls.comments.delete("cmt_1"),
    data: () => undefined,
  },
  {
    name: "reviewers.remove",
    line: `DELETE ${PULL}/requested_reviewers`,
    call: () => repo().pulls.reviewers.remove("7", { reviewers: ["user_1"] }),
    data: () => undefined,
  },
  {
    name: "pullLabels.removeAll",
    line: `DELETE ${PULL}/labels`,
    call: () => repo().pulls.labels.removeAll("7"),
    data: () => undefined,
  },
  {
    // Remove one: answers the labels that remain. After a lost answer they are read back.
    name: "pullLabels.remove",
    line: `DELETE ${PULL}/labels/bug`,
    call: () => repo().pulls.labels.remove("7", "bug"),
    setup: () => {
      pullLabels = ["bug", "docs", "ui"];
    },
    answer: removeBug,
    data: () => ({ labels: [label("docs"), label("ui")] }),
  },
  {
    name: "labels.delete",
    line: "DELETE /repos/acme/web/labels/bug",
    call: () => repo().labels.delete("bug"),
    data: () => undefined,
  },
  {
    name: "rulesets.delete",
    line: "DELETE /repos/acme/web/rulesets/rs_1",
    call: () => repo().rulesets.delete("rs_1"),
    data: () => undefined,
  },
];

/** Deletes never repeated after an ambiguous failure (a repeat could remove something else, or has no key). */
const NOT_RETRIED: Case[] = [
  {
    name: "git.deleteRef",
    line: "DELETE /repos/acme/web/git/refs/heads/feature",
    call: () => repo().git.deleteRef("heads/feature"),
    data: () => undefined,
  },
  {
    name: "reviews.delete",
    line: `DELETE ${PULL}/reviews/rev_1`,
    call: () => repo().pulls.reviews.delete("7", "rev_1"),
    data: () => undefined,
  },
];

function arm(item: Case, exists: boolean, dropFirst: boolean): Target {
  item.setup?.();
  const target: Target = { deletes: 0, exists, dropFirst, answer: item.answer, repeat: item.repeat ?? 404 };
  targets.set(item.line, target);
  return target;
}

/** Runs a case, answering with what went wrong (undefined when nothing did). */
async function outcome(item: Case, expected: unknown, attempts: number, target: Target): Promise<string | undefined> {
  try {
    const data = await item.call();
    if (JSON.stringify(data) !== JSON.stringify(expected)) return `${item.name}: resolved ${JSON.stringify(data)}`;
  } catch (error) {
    return `${item.name}: threw ${(error as Error).name}: ${(error as Error).message}`;
  }
  return target.deletes === attempts ? undefined : `${item.name}: sent ${target.deletes} DELETEs, not ${attempts}`;
}

describe("forge deletes whose answer is lost", () => {
  beforeAll(async () => {
    privateKey = (await generateAppKeyPair()).privateKey;
  });

  it("the sweep covers every DELETE entry, by its retry class", () => {
    const deletes = Object.entries(FORGE_OPERATIONS).filter(([, entry]) => entry.method === "DELETE");
    const retried = deletes.filter(([, entry]) => isIdempotent(entry, undefined)).map(([name]) => name);
    expect(retried.sort()).toEqual(RETRIED.map((item) => item.name).sort());
    const once = deletes.filter(([, entry]) => !isIdempotent(entry, undefined)).map(([name]) => name);
    expect(once.sort()).toEqual(NOT_RETRIED.map((item) => item.name).sort());
  });

  it("every retried delete reports its own removal when the repeat meets what it removed (0 wrong)", async () => {
    const failures: string[] = [];
    for (const item of RETRIED) {
      const target = arm(item, true, true);
      const problem = await outcome(item, item.data(), 2, target);
      if (problem) failures.push(problem);
    }
    expect(failures).toEqual([]);
  });

  it("a 404 on the first attempt stays a NotFoundError for every delete (0 wrong)", async () => {
    const failures: string[] = [];
    for (const item of [...RETRIED, ...NOT_RETRIED].filter((each) => each.repeat === undefined)) {
      const target = arm(item, false, false);
      const error = await item.call().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      if (!(error instanceof NotFoundError)) failures.push(`${item.name}: ${String(error)}`);
      else if (target.deletes !== 1) failures.push(`${item.name}: sent ${target.deletes} DELETEs`);
    }
    expect(failures).toEqual([]);
  });

  it("an answered delete is unchanged: one DELETE and the forge's own answer (0 wrong)", async () => {
    const failures: string[] = [];
    for (const item of [...RETRIED, ...NOT_RETRIED]) {
      const target = arm(item, true, false);
      const expected = item.answer ? { labels: [label("docs"), label("ui")] } : undefined;
      const problem = await outcome(item, expected, 1, target);
      if (problem) failures.push(problem);
    }
    expect(failures).toEqual([]);
  });

  it("a delete that is never retried fails with its connection error after one DELETE (0 wrong)", async () => {
    const failures: string[] = [];
    for (const item of NOT_RETRIED) {
      const target = arm(item, true, true);
      const error = await item.call().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      if (!(error instanceof ConnectionError)) failures.push(`${item.name}: ${String(error)}`);
      if (target.deletes !== 1) failures.push(`${item.name}: sent ${target.deletes} DELETEs`);
    }
    expect(failures).toEqual([]);
  });

  it("pullLabels.remove after a lost answer: the remaining labels come with the call's response", async () => {
    const item = RETRIED.find((each) => each.name === "pullLabels.remove") as Case;
    arm(item, true, true);
    const { data, response } = await repo().pulls.labels.remove("7", "bug").withResponse();
    expect(data.labels.map((each) => each.name)).toEqual(["docs", "ui"]);
    expect(response).toBeInstanceOf(Response);
  });
});
