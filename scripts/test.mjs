// `npm test`: checks what the suite needs in its first seconds, then runs every stage and reports each one. A stage that
// fails does not hide the others: the later stages still run unless they need what failed (the browser stages need the
// build), and the summary says what ran, what failed, what was skipped and why. Exits 1 if any stage failed.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const engines = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).engines.node;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** What is missing, each as one line naming how to get it. */
function missingPrerequisites() {
  const missing = [];
  const [major, minor] = process.versions.node.split(".").map(Number);
  const [, needMajor, needMinor] = /(\d+)\.(\d+)/.exec(engines) ?? [];
  if (major < Number(needMajor) || (major === Number(needMajor) && minor < Number(needMinor)))
    missing.push(
      `Node.js ${engines} is needed, this is ${process.versions.node}: install it from https://nodejs.org or with \`nvm install 20\`.`,
    );
  if (!fs.existsSync(path.join(root, "node_modules", ".bin", "vitest")))
    missing.push("The dependencies are not installed: run `npm install` first.");
  // The bound only ends a hang: a browser's first start on a busy machine can take well over the usual second.
  const version = fs.existsSync(chromium) ? spawnSync(chromium, ["--version"], { encoding: "utf8", timeout: 180_000 }) : null;
  if (!version || version.status !== 0)
    missing.push(
      `Chromium is needed for the browser tests and was not found at ${chromium}: install it with ` +
        "`sudo apt-get install -y chromium` (Debian/Ubuntu) or `brew install --cask chromium` (macOS), " +
        "or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    );
  return missing;
}

function run(command, args, cwd = root) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: "inherit" });
    child.once("error", () => resolve(1));
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const missing = missingPrerequisites();
if (missing.length > 0) {
  for (const line of missing) console.error(`npm test cannot run: ${line}`);
  process.exit(1);
}

const e2e = path.join(root, "e2e");
const stages = [
  { name: "typecheck", what: "Prettier, route types and tsc on every package", command: ["npm", ["run", "typecheck"]] },
  { name: "unit and integration", what: "Vitest: domain, server (PGlite, PostgreSQL), web", command: ["npx", ["vitest", "run"]] },
  { name: "build", what: "the web app and the compiled server", command: ["npm", ["run", "build"]] },
  {
    name: "browser journeys",
    what: "headless Chromium against the build",
    needs: "build",
    command: ["npx", ["vitest", "run", "--config", "vitest.config.ts"], e2e],
  },
  {
    name: "scale-out journeys",
    what: "two instances behind nginx on PostgreSQL + Redis",
    needs: "build",
    command: ["npx", ["tsx", "run-scaleout.ts"], e2e],
  },
];

const results = [];
for (const stage of stages) {
  const needed = stage.needs && results.find((result) => result.name === stage.needs);
  if (needed && needed.outcome !== "passed") {
    results.push({ name: stage.name, outcome: "skipped", note: `needs ${stage.needs}, which ${needed.outcome}` });
    continue;
  }
  console.log(`\n▶ npm test: ${stage.name} (${stage.what})`);
  const started = Date.now();
  const [command, args, cwd] = stage.command;
  const code = await run(command, args, cwd);
  results.push({ name: stage.name, outcome: code === 0 ? "passed" : "failed", seconds: Math.round((Date.now() - started) / 1000) });
}

console.log("\nnpm test summary:");
for (const result of results)
  console.log(
    `  ${result.outcome.padEnd(7)} ${result.name}${result.seconds === undefined ? "" : ` (${result.seconds} s)`}${result.note ? `: ${result.note}` : ""}`,
  );
process.exit(results.some((result) => result.outcome !== "passed") ? 1 : 0);
