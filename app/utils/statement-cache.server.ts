/**
 * Prepared-statement reuse for the process's SQLite connection. Drizzle and the features call
 * `prepare(sql)` on every query; compiling the same SQL again cost ~0.9 ms of CPU per page view
 * (docs/performance.md). This keeps the most recently used statements (LRU, bounded: some SQL
 * embeds a literal) and hands the same one back, reset to its default row mode, because callers
 * switch modes (`raw()`, `pluck()`) on the statement they get.
 */
import type Database from "better-sqlite3";

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
    return statement;
  }) as typeof sqlite.prepare;
}

const madeByDatabase = new WeakMap<object, WeakMap<object, unknown>>();

/**
 * Queries made once per database connection: `build(db)` runs on the first call for a given
 * database (Drizzle's `.prepare()` with `sql.placeholder(…)`, so a hot path neither rebuilds its
 * SQL text nor compiles it again) and its result is handed back for that database afterwards.
 * Keyed by the database object, so a test that swaps the database gets fresh queries.
 */
export function perDatabase<Db extends object, T>(build: (db: Db) => T): (db: Db) => T {
  return (db) => {
    let made = madeByDatabase.get(db);
    if (!made) {
      made = new WeakMap();
      madeByDatabase.set(db, made);
    }
    if (!made.has(build)) made.set(build, build(db));
    return made.get(build) as T;
  };
}

/**
 * Queries whose WHERE depends on which filters a request uses (a list's search, category, skill…):
 * one prepared set per database and shape, built on first use by `build(db, shape)`; `keyOf` names
 * a shape. The values stay placeholders, so every request of a shape reuses the same statements.
 * `maxShapes` bounds how many shapes are kept per database (the least recently used goes first):
 * for a shape that carries a value, such as a list's LIMIT written as a literal.
 */
export function perDatabaseShape<Db extends object, Shape, T>(
  build: (db: Db, shape: Shape) => T,
  keyOf: (shape: Shape) => string,
  { maxShapes = Infinity }: { maxShapes?: number } = {},
): (db: Db, shape: Shape) => T {
  const madeByShape = perDatabase((_db: Db) => new Map<string, T>());
  return (db, shape) => {
    const made = madeByShape(db);
    const key = keyOf(shape);
    let queries = made.get(key);
    if (queries === undefined) {
      queries = build(db, shape);
      if (made.size >= maxShapes) made.delete(made.keys().next().value as string);
    } else if (maxShapes !== Infinity) {
      made.delete(key); // to the end: the most recently used
    }
    made.set(key, queries);
    return queries;
  };
}
