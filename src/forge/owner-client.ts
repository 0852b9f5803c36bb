import { requireClientContext } from "../core/arguments.js";
import { requireSegment } from "../core/paths.js";
import type { ForgeContext } from "./forge-context.js";
import { GrantsResource } from "./resources/repo-settings.js";
import type { OwnerGrant } from "./schemas/repo-responses.js";
import type { OwnerGrantParams } from "./schemas/repo-settings.js";

/**
 * An owner's grants: PERMISSION_READ, PERMISSION_CONTRIBUTOR, PERMISSION_WRITE or PERMISSION_ADMIN; admin
 * grants are listed first, and a removal or write that would leave no admin is refused (400).
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export type OwnerGrantsResource = GrantsResource<OwnerGrantParams, OwnerGrant>;

/**
 * One owner namespace (team or user) by slug: `forge.owner(slug).grants`. Needs namespace:settings:read to
 * list and namespace:settings:write to change.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class OwnerClient {
  /** The owner's grants. */
  readonly grants: OwnerGrantsResource;
  constructor(context: ForgeContext, slug: string) {
    requireClientContext(context, "OwnerClient");
    const ownerSlug = requireSegment(slug, "ownerSlug", "owner");
    this.grants = new GrantsResource(context, { operation: "owner.grants", params: { ownerSlug } });
  }
}
