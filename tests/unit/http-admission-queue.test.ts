// The worker's admission queue (app/bin/admission.mjs): at most `limit` requests
// in the handler, the rest served in arrival order, leavers drop out of the line, and a request that
// waits past the deadline is turned away.
import { describe, expect, it } from "vitest";
import {
  AdmissionTimeout,
  admissionLimit,
  admissionQueue,
  admissionWaitMs,
} from "../../app/bin/admission.mjs";

/** A task that runs until its `finish` is called, logging when it starts. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  return {
    task: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}
const tick = () => new Promise((r) => setImmediate(r));

describe("admissionQueue", () => {
  it("runs at most `limit` tasks at once and starts the others first come, first served", async () => {
    const q = admissionQueue(2);
    const log: string[] = [];
    const gates = ["a", "b", "c", "d"].map((n) => gate(log, n));
    const results = gates.map((g) => q.run(g.task));
    await tick();
    expect(log).toEqual(["a", "b"]);
    expect(q.stats()).toEqual({ active: 2, waiting: 2 });

    gates[1].finish();
    await tick();
    expect(log).toEqual(["a", "b", "c"]);
    // a newcomer arriving as a slot frees does not jump the line
    const e = gate(log, "e");
    const eResult = q.run(e.task);
    gates[0].finish();
    await tick();
    expect(log).toEqual(["a", "b", "c", "d"]);
    expect(q.stats()).toEqual({ active: 2, waiting: 1 });

    gates[2].finish();
    gates[3].finish();
    e.finish();
    expect(await Promise.all([...results, eResult])).toEqual(["a", "b", "c", "d", "e"]);
    expect(q.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it("frees the slot when a task fails", async () => {
    const q = admissionQueue(1);
    await expect(
      q.run(async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await q.run(async () => "next")).toBe("next");
    expect(q.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it("drops a waiting request whose visitor has left, and never runs it", async () => {
    const q = admissionQueue(1);
    const log: string[] = [];
    const a = gate(log, "a");
    const first = q.run(a.task);
    const left = new AbortController();
    const b = gate(log, "b");
    const gone = q.run(b.task, left.signal);
    const c = gate(log, "c");
    const third = q.run(c.task);
    left.abort();
    expect(await gone).toBeUndefined();
    expect(q.stats()).toEqual({ active: 1, waiting: 1 });
    a.finish();
    c.finish();
    expect(await Promise.all([first, third])).toEqual(["a", "c"]);
    expect(log).toEqual(["a", "c"]);
  });

  it("turns away a request that waited past maxWaitMs, without running it, and keeps the line in order", async () => {
    const q = admissionQueue(1, { maxWaitMs: 30 });
    const log: string[] = [];
    const a = gate(log, "a");
    const first = q.run(a.task);
    const late = q.run(gate(log, "late").task);
    await expect(late).rejects.toBeInstanceOf(AdmissionTimeout);
    expect(q.stats()).toEqual({ active: 1, waiting: 0 });
    // a newcomer who is admitted in time is not turned away afterwards
    const b = gate(log, "b");
    const second = q.run(b.task);
    a.finish();
    await tick();
    expect(log).toEqual(["a", "b"]);
    await new Promise((r) => setTimeout(r, 50));
    b.finish();
    expect(await Promise.all([first, second])).toEqual(["a", "b"]);
    expect(q.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it("admits at once while a slot is free, whatever the deadline", async () => {
    const q = admissionQueue(2, { maxWaitMs: 1 });
    const log: string[] = [];
    const slow = gate(log, "slow");
    const running = q.run(slow.task);
    await new Promise((r) => setTimeout(r, 20));
    expect(await q.run(async () => "quick")).toBe("quick");
    slow.finish();
    expect(await running).toBe("slow");
  });

  it("with no limit never queues", async () => {
    const q = admissionQueue(Infinity);
    const log: string[] = [];
    const gates = Array.from({ length: 50 }, (_, i) => gate(log, String(i)));
    const all = gates.map((g) => q.run(g.task));
    await tick();
    expect(log).toHaveLength(50);
    gates.forEach((g) => g.finish());
    await Promise.all(all);
  });
});

describe("admissionQueue's observe (the metrics' wait histogram)", () => {
  it("hears every request once: admitted at once (0 ms), gone from the line, or admitted after its wait", async () => {
    const heard: Array<[string, number]> = [];
    const q = admissionQueue(1, { observe: (ms, outcome) => heard.push([outcome, ms]) });
    const log: string[] = [];
    const a = gate(log, "a");
    const first = q.run(a.task);
    const second = q.run(async () => "b");
    const left = new AbortController();
    const gone = q.run(async () => "never", left.signal);
    await tick();
    left.abort();
    await new Promise((r) => setTimeout(r, 20));
    a.finish();
    await expect(Promise.all([first, second, gone])).resolves.toEqual(["a", "b", undefined]);
    expect(heard.map(([o]) => o)).toEqual(["admitted", "gone", "admitted"]);
    expect(heard[0][1]).toBe(0);
    expect(heard[2][1]).toBeGreaterThanOrEqual(15);
  });

  it("hears a request turned away past its deadline as late, with the time it waited", async () => {
    const heard: Array<[string, number]> = [];
    const q = admissionQueue(1, { maxWaitMs: 30, observe: (ms, o) => heard.push([o, ms]) });
    const log: string[] = [];
    const a = gate(log, "a");
    const first = q.run(a.task);
    await expect(q.run(async () => "never")).rejects.toBeInstanceOf(AdmissionTimeout);
    a.finish();
    await first;
    expect(heard.map(([o]) => o)).toEqual(["admitted", "late"]);
    expect(heard[1][1]).toBeGreaterThanOrEqual(25);
  });
});

describe("admissionLimit", () => {
  it("reads ADMISSION_LIMIT", () => {
    expect(admissionLimit(undefined)).toBe(4);
    expect(admissionLimit("")).toBe(4);
    expect(admissionLimit("12")).toBe(12);
    expect(admissionLimit("0")).toBe(Infinity);
    expect(admissionLimit("off")).toBe(Infinity);
    expect(() => admissionLimit("-1")).toThrow(/ADMISSION_LIMIT/);
    expect(() => admissionLimit("two")).toThrow(/ADMISSION_LIMIT/);
  });
});

describe("admissionWaitMs", () => {
  it("reads ADMISSION_WAIT_SECONDS: seconds above 0 and at most 600, or off", () => {
    expect(admissionWaitMs(undefined)).toBe(5_000);
    expect(admissionWaitMs(" ")).toBe(5_000);
    expect(admissionWaitMs("2")).toBe(2_000);
    expect(admissionWaitMs("0.5")).toBe(500);
    expect(admissionWaitMs("off")).toBe(Infinity);
    for (const bad of ["0", "-1", "five", "601", "Infinity", "1s"])
      expect(() => admissionWaitMs(bad), bad).toThrow(/ADMISSION_WAIT_SECONDS/);
  });
});
