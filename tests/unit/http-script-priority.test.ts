import { describe, expect, it } from "vitest";
import { lowerScriptPriority, lowerScriptPriorityStream } from "~/http/script-priority.server";

const html = '<p>é ünïcode</p><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/><script type="module">x</script>';
const expected = '<p>é ünïcode</p><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="modulepreload" fetchpriority="low" href="/b.js"/><script type="module">x</script>';

async function through(chunks: Buffer[]) {
  const stream = lowerScriptPriorityStream();
  const out: Buffer[] = [];
  stream.on("data", (c: Buffer | string) => out.push(Buffer.from(c)));
  const done = new Promise((r) => stream.on("end", r));
  for (const c of chunks) stream.write(c);
  stream.end();
  await done;
  return Buffer.concat(out).toString("utf8");
}

describe("lowerScriptPriority", () => {
  it("marks every module preload low priority", () => {
    expect(lowerScriptPriority(html)).toBe(expected);
  });

  it("gives the same result however the stream is split (also inside tags and characters)", async () => {
    const bytes = Buffer.from(html);
    for (let i = 1; i < bytes.length; i++) {
      expect(await through([bytes.subarray(0, i), bytes.subarray(i)])).toBe(expected);
    }
    expect(await through([...bytes].map((b) => Buffer.from([b])))).toBe(expected);
  });
});
