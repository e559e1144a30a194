/** A process that starts a throwaway PostgreSQL, prints where, and waits to be killed (scripts/lib/postgres-server.pg.test.ts). */
import { startPostgresServer } from "../postgres-server";

const server = await startPostgresServer();
console.log(JSON.stringify({ port: server.port, directory: server.directory, url: server.url }));
setInterval(() => undefined, 60_000);
