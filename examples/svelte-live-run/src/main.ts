// The page: App sets the keyless client (on the relay, /api/agents) for every agentline store in it.
import { mount } from "svelte";
import App from "./App.svelte";
import "../../live-run-shared/style.css";

const container = document.getElementById("app");
if (!container) throw new Error("index.html has no #app element");
container.textContent = "";
mount(App, { target: container });
