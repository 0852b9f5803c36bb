// A call answered as a stream (`contents.tarball`: the body is the caller's, unread) keeps the caller's signal linked
// only while the body is open: once the caller has read it to the end, cancelled it, or it failed, 0 listeners are left
// on that signal and 0 requests stay open on the server, as for every other call (a long-lived signal, e.g. an app's
// shutdown signal shared by many downloads, must not collect one listener per download).
import { getEventListeners } from "node:events";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ForgeTarball } from "../../../src/forge/index.js";
import { clientsFor, type ScriptedServer, scriptedServer } from "./every-operation-fixtures.js";

let server: ScriptedServer;
beforeAll(async () => {
  server = await scriptedServer();
});
afterAll(() => server.close());

type Ending = "read to the end" | "cancelled" | "cancelled through a reader" | "server dropped mid-body";

async function end(tarball: ForgeTarball, ending: Ending): Promise<void> {
  if (ending === "cancelled") return void (await tarball.body.cancel());
  const reader = tarball.body.getReader();
  if (ending === "cancelled through a reader") {
    await reader.read();
    return void (await reader.cancel());
  }
  try {
    for (;;) if ((await reader.read()).done) return;
  } catch {
    // the dropped connection: the read fails
  }
}

describe("a streamed download, once its body is done", () => {
  const endings: Ending[] = ["read to the end", "cancelled", "cancelled through a reader", "server dropped mid-body"];
  it("leaves 0 listeners on the caller's signal and 0 open requests, for every ending and client", async () => {
    const problems: string[] = [];
    for (const ending of endings) {
      server.set((_req, res, socket) => {
        res.writeHead(200, { "content-type": "application/gzip" });
        res.write("chunk-1");
        if (ending === "server dropped mid-body") setTimeout(() => socket.destroy(), 20);
        else setTimeout(() => res.end("chunk-2"), 20);
      });
      for (const kind of ["forge", "installation"] as const) {
        const clients = await clientsFor(server.url, { maxRetries: 0 });
        const controller = new AbortController();
        const tarball = await clients[kind].repo("acme", "widgets").contents.tarball("main", {
          signal: controller.signal,
        });
        await end(tarball, ending);
        await new Promise((resolve) => setTimeout(resolve, 50));
        const listeners = getEventListeners(controller.signal, "abort").length;
        if (listeners) problems.push(`${kind}, ${ending}: ${listeners} listeners left`);
        const open = server.openRequests().length;
        if (open) problems.push(`${kind}, ${ending}: ${open} requests open`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("still closes the body when the caller aborts mid-body, after garbage collections, with only a reader held", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const problems: string[] = [];
    for (const kind of ["forge", "installation"] as const) {
      server.set((_req, res) => {
        res.writeHead(200, { "content-type": "application/gzip" });
        res.write("chunk-1"); // and never more
      });
      const clients = await clientsFor(server.url, { maxRetries: 0 });
      const controller = new AbortController();
      // Only the reader is kept: the tarball and its response are dropped.
      const reader = (
        await clients[kind].repo("acme", "widgets").contents.tarball("main", { signal: controller.signal })
      ).body.getReader();
      await reader.read();
      for (let i = 0; i < 3; i++) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      controller.abort();
      const next = await reader.read().then(
        () => "read on",
        (error: unknown) => error,
      );
      if (next === "read on") problems.push(`${kind}: the body was not closed by the abort`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const open = server.openRequests().length;
      if (open) problems.push(`${kind}: ${open} requests open after the abort`);
    }
    expect(problems).toEqual([]);
  });
});
