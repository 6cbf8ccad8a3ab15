// Every decision record carries the header docs/decisions/README.md asks for: the day it was
// accepted and its status, which names the decision that superseded it, if any.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DIR = path.resolve(import.meta.dirname, "../../docs/decisions");
const files = fs
  .readdirSync(DIR)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .sort();
const numbers = new Set(files.map((f) => f.slice(0, 3)));
const STATUS =
  /^- Status: (accepted|superseded by (\d{3})|accepted; in part superseded by (\d{3}) \(.+\))$/m;

describe("decision records", () => {
  it("are there", () => expect(files.length).toBeGreaterThan(40));

  it.each(files)("%s has a Date and a Status naming an existing later decision", (file) => {
    const text = fs.readFileSync(path.join(DIR, file), "utf8");
    expect(text).toMatch(/^- Date: \d{4}-\d{2}-\d{2}$/m);
    const status = STATUS.exec(text);
    expect(status, "a Status line in the README's form").not.toBeNull();
    const by = status![2] ?? status![3];
    if (by) {
      expect(numbers.has(by), `decision ${by} exists`).toBe(true);
      expect(Number(by)).toBeGreaterThan(Number(file.slice(0, 3)));
    }
  });
});
