import { FORGE_OPERATIONS } from "../../forge/operations.js";
import { reply } from "../responses.js";
import { type FieldViolation, ForgeFailure } from "./errors.js";
import { paginate } from "./pagination.js";
import { pullReference } from "./pull-detail-routes.js";
import {
  actorOf,
  callerId,
  checkSchema,
  type ForgeLabel,
  type ForgePull,
  labelNamed,
  labelView,
  objectBody,
  pullRoute,
  type RepoData,
  repoData,
  tableRoute,
} from "./repo-state.js";
import type { FakeForgeContext, FakeForgeRoute } from "./route.js";
import type { ForgeRepository } from "./state.js";
import { emitLabelEvent } from "./webhooks/pull-events.js";

/** Labels ordered by name (case-insensitive, then as stored). */
export function byName(a: ForgeLabel, b: ForgeLabel): number {
  const left = a.name.toLowerCase();
  const right = b.name.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function labelOf(data: RepoData, context: FakeForgeContext): ForgeLabel {
  const name = context.params.labelName ?? "";
  const label = labelNamed(data, name);
  if (!label) throw new ForgeFailure("NotFound", `Label ${name} was not found.`);
  return label;
}

function refuseTaken(data: RepoData, name: string, except?: ForgeLabel): void {
  const held = labelNamed(data, name);
  if (held && held !== except)
    throw new ForgeFailure("AlreadyExists", `A label named ${held.name} already exists (names are case-insensitive).`);
}

function pullLabels(data: RepoData, pull: ForgePull): ForgeLabel[] {
  return data.labels.filter((label) => pull.labelIds.includes(label.id)).sort(byName);
}

/** The labels a body's `labels` names, each of which must exist (InvalidArgument naming each unknown one); `allowEmpty` for replace. */
function namedLabels(data: RepoData, context: FakeForgeContext, allowEmpty: boolean): ForgeLabel[] {
  const body = objectBody(context);
  checkSchema(FORGE_OPERATIONS[allowEmpty ? "pullLabels.replace" : "pullLabels.add"].body, body, "pull request labels");
  const names = body.labels as string[];
  const violations: FieldViolation[] = [];
  const found = names.flatMap((name, index): ForgeLabel[] => {
    const label = labelNamed(data, name);
    if (!label) violations.push({ field: `labels[${index}]`, description: "names no label of this repository." });
    return label ? [label] : [];
  });
  if (violations.length > 0)
    throw new ForgeFailure("InvalidArgument", "Every label must exist in the repository; create it first.", violations);
  return found;
}

function touch(pull: ForgePull, now: number): void {
  pull.updatedAt = now;
}

/**
 * Sets a pull request's labels and delivers the difference: one `pull_request.label.removed` per label taken off,
 * then one `.added` (with the caller as `actor`) per label put on; an unchanged set delivers nothing.
 */
function setPullLabels(
  context: FakeForgeContext,
  repo: ForgeRepository,
  data: RepoData,
  pull: ForgePull,
  labelIds: readonly string[],
): void {
  const before = pull.labelIds;
  const next = [...new Set(labelIds)];
  const removed = before.filter((id) => !next.includes(id));
  const added = next.filter((id) => !before.includes(id));
  pull.labelIds = next;
  if (removed.length === 0 && added.length === 0) return;
  touch(pull, context.now);
  const reference = pullReference(repo, pull);
  const view = (id: string) => labelView(data.labels.find((label) => label.id === id) as ForgeLabel);
  for (const id of removed) emitLabelEvent(context.state, repo, reference, view(id), undefined);
  const actor = actorOf(callerId(context));
  for (const id of added) emitLabelEvent(context.state, repo, reference, view(id), { actor });
}

/** Label definition routes. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only) */
export const labelRoutes: readonly FakeForgeRoute[] = [
  tableRoute("labels.list", (context, repo) => {
    const labels = [...repoData(context.state, repo).labels].sort(byName);
    const page = paginate(labels, context.query, `labels:${repo.id}`);
    return reply({ labels: page.items.map(labelView), nextPageToken: page.nextPageToken });
  }),
  tableRoute("labels.create", (context, repo) => {
    const data = repoData(context.state, repo);
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["labels.create"].body, body, "label");
    const name = body.name as string;
    refuseTaken(data, name);
    const label: ForgeLabel = {
      id: context.state.newId("lbl"),
      name,
      color: (body.color as string).toLowerCase(),
      ...(typeof body.description === "string" && body.description !== "" ? { description: body.description } : {}),
      createdAt: context.now,
      updatedAt: context.now,
    };
    data.labels.push(label);
    return reply(labelView(label));
  }),
  tableRoute("labels.get", (context, repo) => reply(labelView(labelOf(repoData(context.state, repo), context)))),
  tableRoute("labels.update", (context, repo) => {
    const data = repoData(context.state, repo);
    const label = labelOf(data, context);
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["labels.update"].body, body, "label update");
    if (typeof body.name === "string") {
      refuseTaken(data, body.name, label);
      label.name = body.name;
    }
    if (typeof body.color === "string") label.color = body.color.toLowerCase();
    if (typeof body.description === "string") {
      if (body.description === "") delete label.description;
      else label.description = body.description;
    }
    label.updatedAt = context.now;
    return reply(labelView(label));
  }),
  tableRoute("labels.delete", (context, repo) => {
    const data = repoData(context.state, repo);
    const label = labelOf(data, context);
    // One pull_request.label.removed per pull request that had it (spec), with the label as it was.
    for (const pull of data.pulls) {
      const kept = pull.labelIds.filter((id) => id !== label.id);
      if (kept.length < pull.labelIds.length) setPullLabels(context, repo, data, pull, kept);
    }
    data.labels = data.labels.filter((held) => held !== label);
    return { status: 204 };
  }),
];

/** Routes for the labels of one pull request. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only) */
export const pullLabelRoutes: readonly FakeForgeRoute[] = [
  pullRoute("pullLabels.list", (context, { repo, data, pull }) => {
    const page = paginate(pullLabels(data, pull), context.query, `pull-labels:${repo.id}:${pull.number}`);
    return reply({ labels: page.items.map(labelView), nextPageToken: page.nextPageToken });
  }),
  pullRoute("pullLabels.add", (context, { repo, data, pull }) => {
    const added = namedLabels(data, context, false).map((label) => label.id);
    setPullLabels(context, repo, data, pull, [...pull.labelIds, ...added]);
    return reply({ labels: pullLabels(data, pull).map(labelView) });
  }),
  pullRoute("pullLabels.replace", (context, { repo, data, pull }) => {
    const named = namedLabels(data, context, true).map((label) => label.id);
    setPullLabels(context, repo, data, pull, named);
    return reply({ labels: pullLabels(data, pull).map(labelView) });
  }),
  pullRoute("pullLabels.removeAll", (context, { repo, data, pull }) => {
    setPullLabels(context, repo, data, pull, []);
    return { status: 204 };
  }),
  pullRoute("pullLabels.remove", (context, { repo, data, pull }) => {
    const label = labelOf(data, context);
    const kept = pull.labelIds.filter((id) => id !== label.id);
    setPullLabels(context, repo, data, pull, kept);
    return reply({ labels: pullLabels(data, pull).map(labelView) });
  }),
];
