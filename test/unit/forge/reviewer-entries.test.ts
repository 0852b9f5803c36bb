// Requested reviewers: every operation that takes reviewers (request, remove) is swept with entries the spec rules
// out — a reviewer is one user (user_ id or email) or one group (grp_ id or slug), never both, never neither, never
// blank — each refused before the network with a ValidationError naming the entry and the rule; good entries are sent
// exactly as given. The forge here is a plain `fetch` that records what arrives (not the fake).
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import { ForgeClient } from "../../../src/forge/index.js";

function recorder() {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const text = await request.text();
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
    if (request.method === "DELETE") return new Response(null, { status: 204 });
    return Response.json({ reviewers: [], nextPageToken: "" });
  };
  const reviewers = new ForgeClient({ token: "utok_1", baseUrl: "https://forge.example", fetch, maxRetries: 0 }).repo(
    "acme",
    "web",
  ).pulls.reviewers;
  return { sent, reviewers };
}

type Reviewers = ReturnType<typeof recorder>["reviewers"];
const OPERATIONS: Array<{ name: string; call: (on: Reviewers, entries: unknown[]) => Promise<unknown> }> = [
  { name: "reviewers.request", call: (on, entries) => on.request("7", { reviewers: entries as string[] }) },
  { name: "reviewers.remove", call: (on, entries) => on.remove("7", { reviewers: entries as string[] }) },
];

const BAD_ENTRIES: unknown[] = [
  { user: "user_1", group: "grp_1" }, // both
  { user: { id: "user_1" }, group: { id: "grp_1" } },
  {}, // neither
  { user: "user_1" }, // an object where the identifier goes
  "",
  " ",
  " user_1",
  "user_1\n",
  "grp 1",
  7,
  null,
];

const GOOD_ENTRIES = ["user_1", "ada@example.com", "grp_01HZX", "platform-team"];

describe("requested reviewer entries", () => {
  it("every bad entry is refused before the network, naming the entry and its rule (0 sent)", async () => {
    const failures: string[] = [];
    const { sent, reviewers } = recorder();
    for (const operation of OPERATIONS) {
      for (const entry of BAD_ENTRIES) {
        const label = `${operation.name} ${JSON.stringify(entry)}`;
        const error = await operation.call(reviewers, ["user_2", entry]).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        if (!(error instanceof ValidationError)) failures.push(`${label}: ${String(error)}`);
        else if (!error.path.startsWith("reviewers[1]") || error.rule === "") {
          failures.push(`${label}: names ${error.path} [${error.rule}]`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("an empty reviewer list and a missing one are refused (0 sent)", async () => {
    const { sent, reviewers } = recorder();
    for (const operation of OPERATIONS) {
      await expect(operation.call(reviewers, [])).rejects.toMatchObject({ path: "reviewers" });
      await expect(operation.call(reviewers, undefined as never)).rejects.toBeInstanceOf(ValidationError);
    }
    expect(sent).toEqual([]);
  });

  it("good entries travel exactly as given, in order", async () => {
    const { sent, reviewers } = recorder();
    for (const operation of OPERATIONS) await operation.call(reviewers, GOOD_ENTRIES);
    expect(sent).toEqual([
      {
        method: "POST",
        path: "/v1/forge/repos/acme/web/pulls/7/requested_reviewers",
        body: { reviewers: GOOD_ENTRIES },
      },
      {
        method: "DELETE",
        path: "/v1/forge/repos/acme/web/pulls/7/requested_reviewers",
        body: { reviewers: GOOD_ENTRIES },
      },
    ]);
  });
});
