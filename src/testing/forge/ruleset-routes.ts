import { FORGE_OPERATIONS } from "../../forge/operations.js";
import { isoTime } from "../clock.js";
import { reply } from "../responses.js";
import { ForgeFailure } from "./errors.js";
import { checkSchema, objectBody, tableRoute } from "./repo-state.js";
import type { FakeForgeContext, FakeForgeRoute } from "./route.js";
import type { ForgeRepository } from "./state.js";

/** What a ruleset holds when the body leaves a field out (spec: not shown; assumed). */
export const RULESET_DEFAULTS = { enforcement: "active", kind: "merge_branch" } as const;

/** One stored ruleset; rules and bypass actors are kept as posted (their shapes are not shown). */
interface StoredRuleset {
  id: string;
  name: string;
  description: string;
  enforcement: string;
  kind: string;
  includedRefNames: string[];
  excludedRefNames: string[];
  rules: unknown[];
  bypassActors: unknown[];
  createdAt: number;
  updatedAt: number;
}

const RULESETS = new WeakMap<ForgeRepository, StoredRuleset[]>();

function rulesetsOf(repo: ForgeRepository): StoredRuleset[] {
  let held = RULESETS.get(repo);
  if (!held) {
    held = [];
    RULESETS.set(repo, held);
  }
  return held;
}

function rulesetOf(repo: ForgeRepository, context: FakeForgeContext): StoredRuleset {
  const id = context.params.rulesetId ?? "";
  const found = rulesetsOf(repo).find((ruleset) => ruleset.id === id);
  if (!found) throw new ForgeFailure("NotFound", `Ruleset ${id} was not found.`);
  return found;
}

/** The checked body's fields; anything left out takes its default (PUT replaces fully). */
function fieldsOf(context: FakeForgeContext) {
  const body = objectBody(context);
  checkSchema(FORGE_OPERATIONS["rulesets.create"].body, body, "ruleset");
  const list = (value: unknown) => (Array.isArray(value) ? structuredClone(value) : []);
  return {
    name: body.name as string,
    description: typeof body.description === "string" ? body.description : "",
    enforcement: typeof body.enforcement === "string" ? body.enforcement : RULESET_DEFAULTS.enforcement,
    kind: typeof body.kind === "string" ? body.kind : RULESET_DEFAULTS.kind,
    includedRefNames: list(body.includedRefNames) as string[],
    excludedRefNames: list(body.excludedRefNames) as string[],
    rules: list(body.rules),
    bypassActors: list(body.bypassActors),
  };
}

// Assumed: names are unique per repository, case-insensitively, as label names are (AlreadyExists 409).
function refuseTaken(repo: ForgeRepository, name: string, except?: StoredRuleset): void {
  const held = rulesetsOf(repo).find((ruleset) => ruleset.name.toLowerCase() === name.toLowerCase());
  if (held && held !== except)
    throw new ForgeFailure("AlreadyExists", `A ruleset named ${held.name} already exists in this repository.`);
}

function rulesetView(ruleset: StoredRuleset): Record<string, unknown> {
  const { createdAt, updatedAt, ...fields } = ruleset;
  return { ...structuredClone(fields), createdAt: isoTime(createdAt), updatedAt: isoTime(updatedAt) };
}

/** Ruleset routes; mirrored repositories that are not stable outbound answer 403 (`repoOf`). */
export const rulesetRoutes: readonly FakeForgeRoute[] = [
  tableRoute("rulesets.list", (_context, repo) => reply({ rulesets: rulesetsOf(repo).map(rulesetView) })),
  tableRoute("rulesets.create", (context, repo) => {
    const fields = fieldsOf(context);
    refuseTaken(repo, fields.name);
    const ruleset: StoredRuleset = {
      id: context.state.newId("rs"),
      ...fields,
      createdAt: context.now,
      updatedAt: context.now,
    };
    rulesetsOf(repo).push(ruleset);
    return reply(rulesetView(ruleset));
  }),
  tableRoute("rulesets.get", (context, repo) => reply(rulesetView(rulesetOf(repo, context)))),
  tableRoute("rulesets.replace", (context, repo) => {
    const ruleset = rulesetOf(repo, context);
    const fields = fieldsOf(context);
    refuseTaken(repo, fields.name, ruleset);
    Object.assign(ruleset, fields, { updatedAt: context.now });
    return reply(rulesetView(ruleset));
  }),
  tableRoute("rulesets.delete", (context, repo) => {
    const ruleset = rulesetOf(repo, context);
    RULESETS.set(
      repo,
      rulesetsOf(repo).filter((held) => held !== ruleset),
    );
    return { status: 204 };
  }),
];
