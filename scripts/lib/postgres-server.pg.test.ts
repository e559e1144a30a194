import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { type AddressInfo, connect, createServer } from "node:net";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./app-server";
import { startPostgresServer } from "./postgres-server";

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe("the throwaway PostgreSQL server (scripts/lib/postgres-server.ts)", () => {
  it("starts PostgreSQL 15 or newer on a free loopback port with a database, answers, and is gone after stop()", async () => {
    const started = Date.now();
    const server = await startPostgresServer({ database: "quads_probe" });
    const startMs = Date.now() - started;
    try {
      expect(server.url).toBe(`postgres://postgres@127.0.0.1:${server.port}/quads_probe`);
      expect(server.majorVersion).toBeGreaterThanOrEqual(15);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client.query<{ version: string; database: string; superuser: string }>(
        "select version(), current_database() as database, current_setting('is_superuser') as superuser",
      );
      await client.end();
      expect(rows[0].version).toMatch(/^PostgreSQL (1[5-9]|[2-9]\d)\./);
      expect(rows[0]).toMatchObject({ database: "quads_probe", superuser: "on" });
      // The socket directory is the server's own temp directory (no /var/run/postgresql needed).
      expect(existsSync(path.join(server.directory, `.s.PGSQL.${server.port}`))).toBe(true);
    } finally {
      await server.stop();
    }
    expect(existsSync(server.directory)).toBe(false);
    expect(await accepts(server.port)).toBe(false);
    console.log(`throwaway PostgreSQL: started in ${startMs} ms`);
  });

  it("stops as pg_ctl stop -m fast does and starts again on the same port with the same data (shutDown, startAgain); stop() still cleans up", async () => {
    const server = await startPostgresServer({ database: "quads_restart" });
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      await client.query("create table kept (value text); insert into kept values ('before')");
      const ended = new Promise<void>((resolve) => client.on("error", () => resolve()));
      await server.shutDown();
      await ended; // the open session was ended by the fast shutdown
      expect(await accepts(server.port)).toBe(false);
      await server.startAgain();
      const again = new pg.Client({ connectionString: server.url });
      await again.connect();
      expect((await again.query<{ value: string }>("select value from kept")).rows).toEqual([{ value: "before" }]);
      await again.end();
    } finally {
      await server.stop();
    }
    expect(existsSync(server.directory)).toBe(false);
    expect(await accepts(server.port)).toBe(false);
  });

  it("starts on another port when the one it tried is taken", async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
    const taken = (squatter.address() as AddressInfo).port;
    try {
      const server = await startPostgresServer({ port: taken });
      expect(server.port).not.toBe(taken);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      expect((await client.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
      await client.end();
      await server.stop();
      expect(existsSync(server.directory)).toBe(false);
    } finally {
      squatter.close();
    }
  });

  it("keeps a cluster in keptDirectory between starts (the benchmark's copy), with extra server settings", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "quads-pg-kept-test-"));
    chmodSync(directory, 0o755); // as root the server runs as quadspg, who must reach the cluster inside
    const kept = path.join(directory, "cluster");
    try {
      const first = await startPostgresServer({ database: "quads_kept", keptDirectory: kept, settings: { shared_preload_libraries: "pg_stat_statements" } });
      expect(first.postmasterPid()).toBeGreaterThan(0);
      const client = new pg.Client({ connectionString: first.url });
      await client.connect();
      await client.query("create table kept (value integer); insert into kept values (42)");
      expect((await client.query("show shared_preload_libraries")).rows[0].shared_preload_libraries).toBe("pg_stat_statements");
      await client.end();
      await first.stop();
      expect(existsSync(path.join(kept, "data", "PG_VERSION"))).toBe(true);
      expect(await accepts(first.port)).toBe(false);

      // Started again on the same directory: no initdb, the database and its rows are still there.
      const second = await startPostgresServer({ database: "quads_kept", keptDirectory: kept });
      const again = new pg.Client({ connectionString: second.url });
      await again.connect();
      expect((await again.query("select value from kept")).rows).toEqual([{ value: 42 }]);
      expect((await again.query("show shared_preload_libraries")).rows[0].shared_preload_libraries).toBe("");
      await again.end();
      await second.stop();
      expect(existsSync(path.join(kept, "data", "PG_VERSION"))).toBe(true);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("stops and deletes the server when the process that started it dies, even by kill -9", async () => {
    // One process (node --import tsx), not the tsx CLI, which would run the script in a child that outlives the kill.
    const owner = spawn(process.execPath, ["--import", "tsx", path.join(repoRoot, "scripts/lib/test-support/postgres-owner.ts")], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const started = await new Promise<{ port: number; directory: string }>((resolve, reject) => {
      let output = "";
      owner.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("\n")) resolve(JSON.parse(output.split("\n")[0]));
      });
      owner.once("exit", (code) => reject(new Error(`the owner exited (${code}) before starting PostgreSQL`)));
    });
    expect(await accepts(started.port)).toBe(true);
    owner.kill("SIGKILL");
    expect(await waitFor(async () => !existsSync(started.directory) && !(await accepts(started.port)))).toBe(true);
  });
});
