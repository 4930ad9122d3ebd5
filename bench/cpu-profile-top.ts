import fs from "node:fs";

/**
 * The top frames of a V8 CPU profile (`node --cpu-prof`) by self time, and by total time for the app's own code:
 * `npx tsx bench/cpu-profile-top.ts file.cpuprofile [count]`.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, countArg] = process.argv.slice(2);
const count = Number(countArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
/** Samples inside bench/cpu-profile-hook.cjs (the profiler starting and stopping) are not the app's: left out. */
const inHook = (id: number) => {
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    if (byId.get(at)?.callFrame.url.includes("cpu-profile-hook")) return true;
  }
  return false;
};
const self = new Map<number, number>();
profile.samples.forEach((id, index) => {
  if (!inHook(id)) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const total = [...self.values()].reduce((sum, value) => sum + value, 0);

const frameName = (node: ProfileNode) => {
  const url = node.callFrame.url.replace(/^file:\/\//, "").replace(/.*node_modules\//, "");
  const short = url.split("/").slice(-3).join("/");
  return `${node.callFrame.functionName || "(anonymous)"} ${short}${short ? `:${node.callFrame.lineNumber + 1}` : ""}`;
};

const selfByFrame = new Map<string, number>();
const totalByFrame = new Map<string, number>();
for (const [id, time] of self) {
  const node = byId.get(id) as ProfileNode;
  selfByFrame.set(frameName(node), (selfByFrame.get(frameName(node)) ?? 0) + time);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = frameName(byId.get(at) as ProfileNode);
    if (seen.has(name)) continue;
    seen.add(name);
    totalByFrame.set(name, (totalByFrame.get(name) ?? 0) + time);
  }
}
const percent = (time: number) => `${((100 * time) / total).toFixed(1)} %`;
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled\n\nself time:`);
for (const [name, time] of [...selfByFrame].sort((a, b) => b[1] - a[1]).slice(0, count))
  console.log(`${percent(time).padStart(7)}  ${name}`);
console.log("\ntotal time:");
for (const [name, time] of [...totalByFrame].sort((a, b) => b[1] - a[1]).slice(0, count * 2))
  console.log(`${percent(time).padStart(7)}  ${name}`);

/** Self time by package (node_modules folder, the app's own bundles, Node's internals, V8's own entries). */
const packageOf = (node: ProfileNode) => {
  const url = node.callFrame.url;
  if (!url) return node.callFrame.functionName.startsWith("(") ? node.callFrame.functionName : `native ${node.callFrame.functionName}`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1];
  if (url.startsWith("node:")) return "node internals";
  if (url.includes("/build/server/")) return "app: web build (routes, components)";
  if (url.includes("/dist")) return "app: server build";
  return url;
};
const byPackage = new Map<string, number>();
for (const [id, time] of self) {
  const name = packageOf(byId.get(id) as ProfileNode);
  byPackage.set(name, (byPackage.get(name) ?? 0) + time);
}
console.log("\nself time by package:");
for (const [name, time] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`${percent(time).padStart(7)}  ${name}`);
