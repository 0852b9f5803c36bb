// Cloud Agents: api.example.com answers from the fake (the README's key comes from AGENTLINE_API_KEY, which the
// runner sets to a key the fake knows). Runs end within milliseconds, so `runs.wait` returns at once.
import { fakeNetwork } from "../network.js";

fakeNetwork({ run: { creatingMs: 0, runningMs: 20 } });
