// Starts a run (on the fake service in this page unless the address names a real one) and renders it live.
import { mount } from "svelte";
import { startRun } from "../../live-run-shared/start-run.js";
import LiveRun from "./LiveRun.svelte";
import "../../live-run-shared/style.css";

const container = document.getElementById("app");
if (!container) throw new Error("index.html has no #app element");

try {
  const run = await startRun();
  container.textContent = "";
  mount(LiveRun, { target: container, props: run });
} catch (error) {
  container.textContent = `Could not start the run: ${error instanceof Error ? error.message : String(error)}`;
}
