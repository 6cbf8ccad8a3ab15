import { describe, expect, it } from "vitest";
import { dispatchIntent, intentOf } from "~/http/intents.server";

const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.set(k, v);
  return f;
};

describe("dispatchIntent", () => {
  const handlers = {
    save: async (n: number) => `saved ${n}`,
    remove: async (n: number) => `removed ${n}`,
  };

  it("runs the function named by the form's intent with the arguments", async () => {
    expect(await dispatchIntent(form({ intent: "remove" }), handlers, 7)).toBe("removed 7");
  });

  it("answers an unknown, missing or inherited intent with a 400 and a message", async () => {
    for (const f of [form({ intent: "drop" }), form({}), form({ intent: "toString" })]) {
      const result = (await dispatchIntent(f, handlers, 1)) as unknown as {
        init: { status: number };
        data: { formError: string };
      };
      expect(result.init.status).toBe(400);
      expect(result.data.formError).toMatch(/out of date/);
    }
  });

  it("reads a text intent only", () => {
    const f = new FormData();
    f.set("intent", new Blob(["save"]));
    expect(intentOf(f)).toBe("");
    expect(intentOf(form({ intent: "save" }))).toBe("save");
  });
});
