// The posts of /admin/deliveries/{date}: one order or the whole day marked packed or dispatched.
import type { Staff } from "~/staff/staff-session.server";
import { markAllOrders, markOrder } from "./marking.server";
import { markSchema } from "./packing-schema";

/** The day page's action: the form read (CSRF checked by the caller), validated and run. */
export async function markingFormAction(
  staff: Pick<Staff, "id" | "role" | "ip">,
  date: string,
  formData: FormData,
): Promise<{ redirectTo: string } | { status: 400 | 404 | 409; message: string }> {
  const parsed = markSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return { status: 400, message: parsed.error.issues[0]?.message ?? "Choose what to mark." };
  const form = parsed.data;
  const base = `/admin/deliveries/${date}`;
  if (form.intent === "pack" || form.intent === "dispatch") {
    const out = await markOrder(staff, { date, reference: form.reference, action: form.intent });
    if (!out.ok) return out;
    return {
      redirectTo: `${base}?done=${form.intent}&n=${out.marked}&ref=${encodeURIComponent(form.reference)}#status`,
    };
  }
  const action = form.intent === "pack_all" ? "pack" : "dispatch";
  const out = await markAllOrders(staff, { date, action });
  if (!out.ok) return out;
  return { redirectTo: `${base}?done=${action}&n=${out.marked}#status` };
}
