// The packing-day forms: one order marked packed or dispatched, or all the day's paid orders.
import { z } from "zod";

export const markSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.enum(["pack", "dispatch"]),
    reference: z
      .string({ required_error: "Choose an order to mark." })
      .trim()
      .min(1, "Choose an order to mark.")
      .max(40, "That is not an order reference."),
  }),
  z.object({ intent: z.enum(["pack_all", "dispatch_all"]) }),
]);

export type MarkForm = z.infer<typeof markSchema>;

/** The status line after a mark, from the redirect's ?done=…&n=… (what the page says, nothing else). */
export function markedMessage(params: URLSearchParams): string | null {
  const done = params.get("done");
  const n = Number(params.get("n") ?? "");
  const ref = params.get("ref");
  if (!Number.isInteger(n) || n < 0 || n > 100_000) return null;
  const word = done === "pack" ? "packed" : done === "dispatch" ? "dispatched" : null;
  if (!word) return null;
  if (ref && /^[A-Za-z0-9-]{1,40}$/.test(ref))
    return n === 1 ? `Order ${ref} marked ${word}.` : `Order ${ref} was already ${word}.`;
  return n === 0
    ? `Every paid order of the day was already ${word}.`
    : `${n} paid ${n === 1 ? "order" : "orders"} marked ${word}.`;
}
