// "64-bit integers (pull request numbers, version numbers) are JSON strings" (spec). Every forge operation that takes
// one — a pull request number in the path, a version number or a parent pull request number in the body — is swept
// with values that are no 64-bit integer written in ASCII digits (each refused before the network: 0 sent) and with
// good ones, which must travel exactly (no Number rounding: 9007199254740993 is not 2^53 + 2). Responses holding one
// above 2^53 must reach the caller exactly. The forge here is a plain `fetch` that records what arrives.
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import { ForgeClient } from "../../../src/forge/index.js";
import { FORGE_OPERATIONS } from "../../../src/forge/operations.js";

const BIG = "9007199254740993"; // 2^53 + 1: a Number would make it ...992
const INT64_MAX = "9223372036854775807";
const BAD = [
  "abc",
  "1.5",
  "-1",
  "+7",
  "",
  " 7",
  "7 ",
  "１２",
  "1e3",
  "0x10",
  "9223372036854775808",
  "18446744073709551616",
];
const GOOD = ["0", "7", BIG, INT64_MAX];

function recorder(answer: (path: string) => unknown = () => ({})) {
  const sent: Array<{ method: string; path: string; body: string }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.slice("/v1/forge".length);
    sent.push({ method: request.method, path, body: await request.text() });
    return new Response(JSON.stringify(answer(path)), { status: 200, headers: { "content-type": "application/json" } });
  };
  const client = new ForgeClient({ token: "utok_1", baseUrl: "https://forge.example", fetch, maxRetries: 0 });
  return { sent, repo: client.repo("acme", "web") };
}

type Repo = ReturnType<typeof recorder>["repo"];
const inline = { path: "a.ts", side: "right", startLine: 1 };

/** Every operation whose path holds `{pullNumber}`, called with `n`. */
const PULL_NUMBER_CALLS: Record<string, (repo: Repo, n: string) => PromiseLike<unknown>> = {
  "pulls.get": (repo, n) => repo.pulls.get(n),
  "pulls.update": (repo, n) => repo.pulls.update(n, { title: "t" }),
  "pulls.mergeability": (repo, n) => repo.pulls.mergeability(n),
  "pulls.merge": (repo, n) => repo.pulls.merge(n),
  "pulls.files": (repo, n) => repo.pulls.files(n),
  "pulls.commits": (repo, n) => repo.pulls.commits(n),
  "comments.create": (repo, n) => repo.pulls.comments.create(n, { body: "b", file: { path: "a.ts" } }),
  "comments.list": (repo, n) => repo.pulls.comments.list(n),
  "reviews.create": (repo, n) => repo.pulls.reviews.create(n),
  "reviews.list": (repo, n) => repo.pulls.reviews.list(n),
  "reviews.get": (repo, n) => repo.pulls.reviews.get(n, "rev_1"),
  "reviews.delete": (repo, n) => repo.pulls.reviews.delete(n, "rev_1"),
  "reviews.dismiss": (repo, n) => repo.pulls.reviews.dismiss(n, "rev_1"),
  "reviewers.list": (repo, n) => repo.pulls.reviewers.list(n),
  "reviewers.request": (repo, n) => repo.pulls.reviewers.request(n, { reviewers: ["user_1"] }),
  "reviewers.remove": (repo, n) => repo.pulls.reviewers.remove(n, { reviewers: ["user_1"] }),
  "pullLabels.list": (repo, n) => repo.pulls.labels.list(n),
  "pullLabels.add": (repo, n) => repo.pulls.labels.add(n, ["bug"]),
  "pullLabels.replace": (repo, n) => repo.pulls.labels.replace(n, []),
  "pullLabels.remove": (repo, n) => repo.pulls.labels.remove(n, "bug"),
  "pullLabels.removeAll": (repo, n) => repo.pulls.labels.removeAll(n),
};

/** Every body field holding a 64-bit integer, with the operation that sends it. */
const BODY_CALLS: Record<string, (repo: Repo, n: string) => PromiseLike<unknown>> = {
  "pulls.create parentPullRequest.number": (repo, n) =>
    repo.pulls.create({ title: "t", head: "feature", base: "main", parentPullRequest: { number: n } }),
  "pulls.update parentPullRequest.number": (repo, n) => repo.pulls.update("7", { parentPullRequest: { number: n } }),
  "comments.create versionNumber": (repo, n) =>
    repo.pulls.comments.create("7", { body: "b", inline, versionNumber: n }),
  "reviews.create comments[].versionNumber": (repo, n) =>
    repo.pulls.reviews.create("7", { comments: [{ body: "b", inline, versionNumber: n }] }),
};

/** Calls and waits, whatever the answer: what matters here is what was sent. */
async function settle(call: () => PromiseLike<unknown>): Promise<unknown> {
  try {
    await call();
    return undefined;
  } catch (error) {
    return error;
  }
}

describe("64-bit integers travel as strings of digits", () => {
  it("the sweep covers every operation whose path holds {pullNumber}", () => {
    const withNumber = Object.entries(FORGE_OPERATIONS)
      .filter(([, entry]) => entry.path.includes("{pullNumber}"))
      .map(([name]) => name);
    expect(withNumber.sort()).toEqual(Object.keys(PULL_NUMBER_CALLS).sort());
  });

  it("a bad pull request number is refused before the network by every operation (0 sent)", async () => {
    const { sent, repo } = recorder();
    const failures: string[] = [];
    for (const [name, call] of Object.entries(PULL_NUMBER_CALLS)) {
      for (const value of [...BAD, 7, 7.5] as string[]) {
        const error = await settle(() => call(repo, value));
        if (!(error instanceof ValidationError) || error.path !== "pullNumber") {
          failures.push(`${name} ${JSON.stringify(value)}: ${String(error)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("a good pull request number travels exactly in every operation's path", async () => {
    const failures: string[] = [];
    for (const [name, call] of Object.entries(PULL_NUMBER_CALLS)) {
      for (const value of GOOD) {
        const { sent, repo } = recorder();
        await settle(() => call(repo, value));
        const path = sent[0]?.path ?? "(nothing sent)";
        if (!path.startsWith(`/repos/acme/web/pulls/${value}`)) failures.push(`${name} ${value}: ${path}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("a bad 64-bit integer in a body is refused before the network (0 sent), naming the field", async () => {
    const { sent, repo } = recorder();
    const failures: string[] = [];
    for (const [name, call] of Object.entries(BODY_CALLS)) {
      const field = name.split(" ")[1]?.replace("[]", "[0]") as string;
      for (const value of [...BAD, 7] as string[]) {
        const error = await settle(() => call(repo, value));
        if (!(error instanceof ValidationError) || error.path !== field) {
          failures.push(`${name} ${JSON.stringify(value)}: ${String(error)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("a good 64-bit integer in a body travels exactly, as a JSON string", async () => {
    const failures: string[] = [];
    for (const [name, call] of Object.entries(BODY_CALLS)) {
      for (const value of GOOD) {
        const { sent, repo } = recorder();
        await settle(() => call(repo, value));
        const body = sent[0]?.body ?? "";
        if (!body.includes(`:${JSON.stringify(value)}`)) failures.push(`${name} ${value}: ${body || "(nothing sent)"}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("numbers above 2^53 in responses reach the caller exactly", async () => {
    const pull = { number: BIG, stack: { id: "stk_1", parentPullRequest: { number: INT64_MAX } } };
    const thread = { id: "thr_1", version: { number: BIG } };
    const { repo } = recorder((path) => {
      // Written by hand, never through a JS number.
      if (path.endsWith("/pulls")) return { pullRequests: [pull], nextPageToken: "" };
      if (path.includes("/comments/")) return { id: "cmt_1", thread };
      return pull;
    });
    const got = await repo.pulls.get(BIG);
    expect(got.number).toBe(BIG);
    expect(got.stack?.parentPullRequest?.number).toBe(INT64_MAX);
    const page = await repo.pulls.list();
    expect(page.items.map((each) => each.number)).toEqual([BIG]);
    const comment = await repo.pulls.comments.get("cmt_1");
    expect(comment.thread?.version?.number).toBe(BIG);
  });
});
