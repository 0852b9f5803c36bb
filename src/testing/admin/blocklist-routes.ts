import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, teamOf } from "./context.js";
import { notFound } from "./failures.js";
import { type BlocklistRecord, recordAudit } from "./state.js";

// Repository blocklists: upsert replaces the patterns of the listed repositories only.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Repository blocklist entry)

const view = (entry: BlocklistRecord) => ({ id: entry.id, url: entry.url, patterns: [...entry.patterns] });

/** POST …/upsert: the schema checked every entry first; answers the listed entries in request order. */
function upsertBlocklists(context: AdminContext) {
  const team = teamOf(context);
  const { repos } = context.input.body as { repos: Array<{ url: string; patterns: string[] }> };
  const entries = repos.map((repo) => ({ url: repo.url.trim(), patterns: [...new Set(repo.patterns)] }));
  const upserted = entries.map(({ url, patterns }) => {
    let entry = team.blocklists.find((e) => e.url === url);
    if (entry) entry.patterns = patterns;
    else {
      entry = { id: context.state.mint("repo_"), url, patterns };
      team.blocklists.push(entry);
    }
    return entry;
  });
  recordAudit(context.state, team, context.now, "team_repo", {
    action: "blocklist_upsert",
    urls: entries.map((e) => e.url),
  });
  return reply({ repos: [...new Set(upserted)].map(view) });
}

function deleteBlocklist(context: AdminContext) {
  const team = teamOf(context);
  const index = team.blocklists.findIndex((e) => e.id === context.params.repoId);
  if (index < 0) throw notFound(`No blocklist entry with id ${JSON.stringify(context.params.repoId)}.`);
  const [removed] = team.blocklists.splice(index, 1);
  recordAudit(context.state, team, context.now, "team_repo", { action: "blocklist_delete", url: removed?.url });
  return { status: 204 };
}

/** Repository blocklist routes. */
export const blocklistHandlers: AdminHandlers = {
  "repoBlocklists.list": (context) => reply({ repos: teamOf(context).blocklists.map(view) }),
  "repoBlocklists.upsert": upsertBlocklists,
  "repoBlocklists.delete": deleteBlocklist,
};
