// keptAnswers: each key computed once while kept, at most `limit` kept, the oldest dropped first.
import { keptAnswers } from "~/utils/kept-answers";

describe("keptAnswers", () => {
  it("computes a key once, keeps falsy answers, and drops the oldest past the limit", () => {
    const calls: string[] = [];
    const kept = keptAnswers<number | boolean>(2);
    const ask = (key: string, answer: number | boolean) =>
      kept(key, () => {
        calls.push(key);
        return answer;
      });
    expect(ask("a", 1)).toBe(1);
    expect(ask("a", 99)).toBe(1); // kept: not computed again
    expect(ask("b", false)).toBe(false);
    expect(ask("b", true)).toBe(false); // a falsy answer is kept too
    expect(ask("c", 3)).toBe(3); // the third key drops "a", the oldest
    expect(ask("b", 0)).toBe(false);
    expect(ask("a", 4)).toBe(4); // computed again
    expect(calls).toEqual(["a", "b", "c", "a"]);
  });
});
