// The workers' young generation (docs/performance.md, decision 019): 128 MB semi-spaces unless the host lowers them.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { workerExecArgv } from "../../app/bin/worker-flags.mjs";

/** How large V8 let the young generation grow (MB) in a Node process with `flags`, under short-lived garbage like a page render's. */
function youngGenerationMb(flags: string[]): number {
  const script = `const v8 = require("node:v8");
let kept = [];
for (let i = 0; i < 1e6; i++) { kept.push({ i, s: "x" + i }); if (kept.length > 200000) kept = []; }
console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size / 1048576);`;
  return Number(execFileSync(process.execPath, [...flags, "-e", script], { encoding: "utf8" }));
}

describe("worker flags", () => {
  it("keep the primary's own flags, then the semi-space size, then WORKER_NODE_OPTIONS", () => {
    expect(workerExecArgv(["--enable-source-maps"], " --cpu-prof  --cpu-prof-dir=/tmp/p ")).toEqual(
      ["--enable-source-maps", "--max-semi-space-size=128", "--cpu-prof", "--cpu-prof-dir=/tmp/p"],
    );
  });

  it("let a worker's young generation grow past V8's default, and a host lower it again", () => {
    const defaultMb = youngGenerationMb([]);
    expect(youngGenerationMb(workerExecArgv([], undefined))).toBeGreaterThanOrEqual(2 * defaultMb);
    expect(youngGenerationMb(workerExecArgv([], "--max-semi-space-size=16"))).toBe(defaultMb);
  }, 60_000);
});
