import * as v from "valibot";
import { anyText, arrayOf, closedObject, requiredText } from "../../core/request-fields.js";
import { maxItems } from "../../core/request-rules.js";
import { isPlainObject } from "../../core/validation.js";
import { AGENT_LIMITS } from "./constants.js";
import { httpUrlWithoutUserinfoField, stringMap, uniqueNames } from "./request-fields.js";

/** OAuth client settings of a remote MCP server (no extra properties). @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list)) */
export const McpAuthSchema = closedObject(
  {
    CLIENT_ID: requiredText("`CLIENT_ID`"),
    CLIENT_SECRET: v.optional(anyText("`CLIENT_SECRET`")),
    scopes: v.optional(arrayOf(requiredText("each scope"), "`scopes`")),
  },
  "`auth`",
);

/** An MCP server started by `command` inside the agent VM (no extra properties). @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list)) */
export const StdioMcpServerSchema = closedObject(
  {
    name: requiredText("`name`"),
    type: v.optional(
      v.picklist(
        ["stdio"],
        '[one_of] `type` must be "stdio" (or omitted) for a server with `command`; a remote server has `url` instead',
      ),
    ),
    command: requiredText("`command`"),
    args: v.optional(arrayOf(anyText("each argument"), "`args`")),
    env: v.optional(stringMap("`env`")),
  },
  "a stdio MCP server",
);

/** An MCP server the agent reaches over http or sse at `url` (no extra properties). @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list)) */
export const RemoteMcpServerSchema = closedObject(
  {
    name: requiredText("`name`"),
    type: v.optional(
      v.picklist(
        ["http", "sse"],
        '[one_of] `type` must be "http" or "sse" (or omitted) for a server with `url`; a stdio server has `command` instead',
      ),
    ),
    url: httpUrlWithoutUserinfoField("`url`"),
    headers: v.optional(stringMap("`headers`")),
    auth: v.optional(McpAuthSchema),
  },
  "a remote MCP server",
);

const HasBothSchema = v.never(
  "[exactly_one_of] an MCP server has either `command` (stdio) or `url` (remote), not both; keep one, or define two servers",
);
const HasNeitherSchema = v.never(
  "[exactly_one_of] an MCP server needs `command` (a stdio server started in the agent VM) or `url` (a remote http/sse server)",
);
const NotAnObjectSchema = v.never("[type] each MCP server must be an object");

/**
 * A stdio or remote MCP server. The shape is chosen by `command` vs `url` (then by `type`), so an issue
 * speaks about the shape the caller meant instead of listing both union branches.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list))
 */
export const McpServerSchema = v.lazy((input) => {
  if (!isPlainObject(input)) return NotAnObjectSchema;
  const hasCommand = input.command !== undefined;
  const hasUrl = input.url !== undefined;
  if (hasCommand && hasUrl) return HasBothSchema;
  if (hasCommand) return StdioMcpServerSchema;
  if (hasUrl) return RemoteMcpServerSchema;
  // Neither address: a declared type still tells which one is missing.
  if (input.type === "stdio") return StdioMcpServerSchema;
  if (input.type === "http" || input.type === "sse") return RemoteMcpServerSchema;
  return HasNeitherSchema;
});

/** Up to 50 MCP servers with unique names. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export const McpServerListSchema = v.pipe(
  arrayOf(McpServerSchema, "`mcpServers`"),
  maxItems(AGENT_LIMITS.maxMcpServers, "`mcpServers`"),
  uniqueNames("`mcpServers`"),
);

/** A stdio MCP server definition. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list)) */
export type StdioMcpServerParams = v.InferInput<typeof StdioMcpServerSchema>;

/** A remote (http or sse) MCP server definition. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list)) */
export type RemoteMcpServerParams = v.InferInput<typeof RemoteMcpServerSchema>;

/** An inline MCP server definition. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list)) */
export type McpServerParams = StdioMcpServerParams | RemoteMcpServerParams;
