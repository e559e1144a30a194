/** drizzle-kit for the PostgreSQL twin of the schema: `npm run db:generate` runs it after the SQLite one (docs/decisions/0104-one-schema-two-dialects.md). */
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.pg.ts",
  out: "./db/migrations-pg",
});
