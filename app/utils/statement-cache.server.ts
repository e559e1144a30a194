/**
 * Prepared-statement reuse for the process's SQLite connection. Drizzle and the features call
 * `prepare(sql)` on every query; compiling the same SQL again cost ~0.9 ms of CPU per page view
 * (docs/performance.md). This keeps the most recently used statements (LRU, bounded: some SQL
 * embeds a literal) and hands the same one back, reset to its default row mode, because callers
 * switch modes (`raw()`, `pluck()`) on the statement they get.
 */
import type Database from "better-sqlite3";
import { writeFileSync } from "node:fs";

const installed = new WeakSet<Database.Database>();

export function reusePreparedStatements(sqlite: Database.Database, limit = 500): void {
  if (installed.has(sqlite)) return;
  installed.add(sqlite);
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source);
      if (statement.reader) {
        statement.raw(false);
        statement.pluck(false);
        statement.expand(false);
      }
    } else {
      statement = prepare(source);
    }
    cache.set(source, statement);
    if (cache.size > limit) cache.delete(cache.keys().next().value as string);
    if (process.env.SQL_PROFILE) return profiled(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
}

const stats = new Map<string, { n: number; ms: number }>();
if (process.env.SQL_PROFILE) setInterval(() => {
  const top = [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
  writeFileSync("/tmp/i8a-sql.txt", top.map(([sql, s]) => `${s.ms.toFixed(1)}ms n=${s.n} avg=${(s.ms / s.n).toFixed(3)} ${sql.replace(/\s+/g, " ").slice(0, 400)}`).join("\n"));
}, 2000).unref();
function profiled(source: string, statement: Database.Statement): Database.Statement {
  const proxy: Database.Statement = new Proxy(statement, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const start = performance.now();
        const result = value.apply(target, args);
        if (key === "all" || key === "get" || key === "run") {
          const entry = stats.get(source) ?? { n: 0, ms: 0 };
          entry.n++; entry.ms += performance.now() - start; stats.set(source, entry);
        }
        return result === target ? proxy : result;
      };
    },
  });
  return proxy;
}
