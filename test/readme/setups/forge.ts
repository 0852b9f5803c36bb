// Code Forge: an app's key and ids, a user token, and the values the section takes as given.
import type { ForgeClient as SetupForgeClient } from "agentline/forge";

type SetupRepo = ReturnType<SetupForgeClient["repo"]>;
declare const pkcs8Pem: string;
declare const baseUrl: string;
declare const id: string;
declare const installUrl: string;
declare const redirectUri: string;
declare const headSha: string;
declare const expectedHeadSha: string;
declare const threadId: string;
declare const sha: string;
declare const posts: Parameters<SetupRepo["checkRuns"]["batchUpsert"]>[0];
declare const runId: string;
declare const notes: Parameters<SetupRepo["checkRuns"]["appendAnnotations"]>[1];
declare const base64: string;
declare const lastSeen: string;
declare const userToken: string;
declare const webhookUrl: string;
