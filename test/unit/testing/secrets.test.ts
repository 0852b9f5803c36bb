import { describe, expect, it } from "vitest";
import { setup } from "./helpers.js";

const SECRET = "s3cr3t-value-do-not-leak";

describe("fake service: secrets", () => {
  it("never echoes envVars values in any answer or in fake.requests", async () => {
    const { api, fake, clock } = setup({ run: { creatingMs: 1, runningMs: 1 } });
    const created = await api.post("/v1/agents", {
      prompt: { text: "use the token" },
      envVars: { API_TOKEN: SECRET, OTHER: `${SECRET}-2` },
      mcpServers: [
        {
          name: "remote",
          url: "https://mcp.example.test",
          headers: { "x-key": SECRET },
          auth: { CLIENT_ID: "id", CLIENT_SECRET: SECRET },
        },
        { name: "local", command: "serve", env: { TOKEN: SECRET } },
      ],
    });
    expect(created.status).toBe(201);
    const { agent, run } = created.json;
    clock.t += 5;
    const bodies = [
      created.text,
      (await api.get(`/v1/agents/${agent.id}`)).text,
      (await api.get("/v1/agents")).text,
      (await api.get(`/v1/agents/${agent.id}/runs`)).text,
      (await api.get(`/v1/agents/${agent.id}/runs/${run.id}`)).text,
      (await api.get(`/v1/agents/${agent.id}/usage`)).text,
      (await api.get(`/v1/agents/${agent.id}/artifacts`)).text,
      (await api.post(`/v1/agents/${agent.id}/runs`, { prompt: { text: "again" } })).text,
    ];
    for (const body of bodies) expect(body).not.toContain(SECRET);
    expect(JSON.stringify(fake.requests)).not.toContain(SECRET);
    // names stay visible so tests can still assert what was sent
    expect(fake.requests[0]?.body).toMatchObject({
      envVars: { API_TOKEN: "[REDACTED]", OTHER: "[REDACTED]" },
      mcpServers: [
        { headers: { "x-key": "[REDACTED]" }, auth: { CLIENT_ID: "id", CLIENT_SECRET: "[REDACTED]" } },
        { env: { TOKEN: "[REDACTED]" } },
      ],
    });
  });

  it("does not leak envVars values in a validation error or a logged invalid body", async () => {
    const { api, fake } = setup();
    const res = await api.post("/v1/agents", { prompt: { text: "x" }, envVars: { SERVICE_TOKEN: SECRET } });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain(SECRET);
    await api.call("POST", "/v1/agents", { rawBody: `{"envVars":{"A":"${SECRET}"` });
    expect(JSON.stringify(fake.requests)).not.toContain(SECRET);
  });
});
