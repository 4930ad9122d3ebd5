// Preloaded (node --require) into the app's process by bench/cpu.ts when BENCH_CPU_PROFILE names a folder: each SIGUSR2
// starts V8's CPU profiler (the one `node --cpu-prof` uses) or stops it and writes the profile to
// `<folder>/<BENCH_CPU_PROFILE_PREFIX><n>.cpuprofile`, so each load scenario gets a profile of its own, without the
// start-up. The app's own code is unchanged.
const fs = require("node:fs");
const path = require("node:path");
const inspector = require("node:inspector");

const folder = process.env.BENCH_CPU_PROFILE;
const prefix = process.env.BENCH_CPU_PROFILE_PREFIX ?? "";
const session = new inspector.Session();
session.connect();
let running = false;
let count = 0;
process.on("SIGUSR2", () => {
  if (!running) {
    running = true;
    session.post("Profiler.enable", () => session.post("Profiler.start"));
    return;
  }
  running = false;
  count += 1;
  const file = path.join(folder, `${prefix}${count}.cpuprofile`);
  session.post("Profiler.stop", (error, result) => {
    if (!error) fs.writeFileSync(file, JSON.stringify(result.profile));
  });
});
