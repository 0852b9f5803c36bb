// The fake service section: `fake` from its first block.
// biome-ignore-all lint/correctness/noUnusedVariables: the README block that follows this setup uses them.
import { createFakeService as setupCreateFakeService } from "agentline/testing";

const fake = setupCreateFakeService();
