// Reading a V8 CPU profile (`node --cpu-prof`, a worker started with WORKER_NODE_OPTIONS): the
// functions with the most self time, within the window the load ran.
import fs from "node:fs";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
type Profile = {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

export type SelfTime = { fn: string; share: number };

/** What a frame belongs to: a package, the app's build, Node itself, or V8's own rows. */
function owner(functionName: string, url: string) {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith("node:")) return "node";
  if (url.includes("/.builds/") || url.includes("/build/")) return "app (build)";
  if (url.includes("/app/")) return "app (server)";
  return url;
}

/** Where a frame comes from, short: the package, or the file under app/ or the build. */
function place(url: string, line: number) {
  if (!url) return "";
  const path = url.replace(/^file:\/\//, "");
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return `${pkg[1]}:${line + 1}`;
  if (path.startsWith("node:")) return path;
  return `${path.split("/").slice(-2).join("/")}:${line + 1}`;
}

/**
 * The `top` functions by self time, as a share of the busy samples (idle, GC and "program" kept
 * as their own rows: GC is work too). `fromUs`/`toUs`: the load's window on the monotonic clock
 * (process.hrtime, the clock V8 stamps its samples with); samples outside it are the start and the
 * warm-up.
 */
export function topSelfTime(
  file: string,
  top = 15,
  fromUs?: number,
  toUs?: number,
  by: "function" | "owner" = "function",
): SelfTime[] {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<string, number>();
  let t = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (fromUs !== undefined && (t < fromUs || t > (toUs ?? Infinity))) return;
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") return;
    const key =
      by === "owner"
        ? owner(functionName, url)
        : `${functionName || "(anonymous)"} ${place(url, lineNumber)}`.trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
    total++;
  });
  if (total === 0 && fromUs !== undefined) return topSelfTime(file, top, undefined, undefined, by); // clocks disagree: every sample
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, n]) => ({ fn, share: Math.round((n / total) * 1000) / 10 }));
}
