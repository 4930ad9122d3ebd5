// Preloaded (NODE_OPTIONS=--require) into the app's process by the checkout bench on PostgreSQL: counts the statements
// the app sends (every Client#query of node-postgres, BEGIN/COMMIT and savepoints included) and keeps the running total
// in the file BENCH_STATEMENT_FILE names, so the bench reads statements per purchase. The app's own code is unchanged.
const fs = require("node:fs");
const path = require("node:path");

const pg = require(require.resolve("pg", { paths: [path.join(process.cwd(), "packages/server")] }));
const file = process.env.BENCH_STATEMENT_FILE;
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements += 1;
  return query.apply(this, args);
};
setInterval(() => fs.writeFileSync(file, String(statements)), 100).unref();
