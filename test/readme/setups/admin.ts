// Team Admin and Organization: keys, the origin, and the inputs the section takes as given.
import type { AdminClient as SetupAdminClient, OrganizationClient as SetupOrganizationClient } from "agentline/admin";

declare const teamKey: string;
declare const orgKey: string;
declare const baseUrl: string;
declare const updates: Parameters<SetupAdminClient["spendLimits"]["setMany"]>[0];
declare const userIds: string[];
declare const users: Parameters<SetupOrganizationClient["teamMemberships"]["sync"]>[0];
declare const teamIds: number[];
declare const startDate: string;
declare const endDate: string;
