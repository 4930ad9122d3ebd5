// Preloaded (NODE_OPTIONS=--require, or node --require) into the app's process by the benches on PostgreSQL: counts the
// statements the app sends (every Client#query of node-postgres, BEGIN/COMMIT and savepoints included) and keeps the
// running total in the file BENCH_STATEMENT_FILE names (a worker thread, which would load this too, in that name
// plus `.thread-<id>`), so a bench reads statements per purchase or per request. The app's own code is unchanged.
const fs = require("node:fs");
const path = require("node:path");
const { isMainThread, threadId } = require("node:worker_threads");

const pg = require(require.resolve("pg", { paths: [path.join(process.cwd(), "packages/server")] }));
const file = isMainThread ? process.env.BENCH_STATEMENT_FILE : `${process.env.BENCH_STATEMENT_FILE}.thread-${threadId}`;
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements += 1;
  return query.apply(this, args);
};
// Written when it changed (readers wait 300 ms), beside the file, then renamed over it: a reader never sees it empty.
let written = -1;
setInterval(() => {
  if (statements === written) return;
  written = statements;
  fs.writeFileSync(`${file}.tmp`, String(statements));
  fs.renameSync(`${file}.tmp`, file);
}, 250).unref();
