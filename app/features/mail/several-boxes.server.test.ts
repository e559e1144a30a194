/**
 * Background work with several processes on one database, on SQLite (several processes on one file,
 * as a cluster's are; the "unit-pg" project runs it on PostgreSQL too): the suite is
 * test-support/several-boxes.ts, also run on PostgreSQL by several-boxes.server.pg.test.ts.
 */
import { severalBoxesTests } from "./test-support/several-boxes";

severalBoxesTests();
