// A job run's log lines (issue 45 item 1, decision 066): every line of one run of the job runner
// (each piece's line, a failure's line) carries that run's `runId`; the next run has another. The
// runner on its own with two made-up kinds, so the database only serves the run's context.
import { onTestFinished } from "vitest";
import { runDueJobs } from "~/jobs/runner.server";
import type { JobKind } from "~/jobs/types";
import { captureLogs } from "~/log/logger.mjs";

const kind = (name: string, fail = false): JobKind<number> => {
  let left = [1, 2];
  return {
    name,
    due: async () => {
      const items = left;
      left = [];
      return items;
    },
    run: async () => {
      await new Promise((r) => setTimeout(r, 1));
      if (fail) throw new Error("the gateway said no to ada@example.com");
      return "done";
    },
    describe: (item) => ({ item }),
  };
};

it("each line of a run carries the run's id, a failure's too, and the next run has another", async () => {
  const logs = captureLogs();
  onTestFinished(() => logs.stop());
  await runDueJobs({ kinds: [kind("test.ok"), kind("test.failing", true)] });
  await runDueJobs({ kinds: [kind("test.ok")] });
  const lines = logs.lines().filter((l) => l.type === "job");
  expect(lines.map((l) => [l.kind, l.outcome])).toEqual([
    ["test.ok", "done"],
    ["test.ok", "done"],
    ["test.failing", "failed"],
    ["test.failing", "failed"],
    ["test.ok", "done"],
    ["test.ok", "done"],
  ]);
  const [first, second] = [lines[0].runId, lines[4].runId];
  expect(first).toMatch(/^[0-9a-f-]{36}$/);
  expect(lines.slice(0, 4).every((l) => l.runId === first)).toBe(true);
  expect(lines.slice(4).every((l) => l.runId === second)).toBe(true);
  expect(second).not.toBe(first);
  // a failure's message keeps no e-mail address
  expect(lines[2].message).toBe("the gateway said no to [redacted]");
});
