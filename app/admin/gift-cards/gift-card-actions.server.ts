// The posts of /admin/gift-cards/{id}: the card's e-mail resent, or the card cancelled.
import type { Staff } from "~/staff/staff-session.server";
import { cancelGiftCard, resendGiftCard, type GiftActionOutcome } from "./gift-cards.server";
import { giftCardActionSchema } from "./gift-card-schema";

type StaffRef = Pick<Staff, "id" | "role" | "ip">;

/** The card page's action: the form read (CSRF checked by the caller), validated and run. */
export async function giftCardFormAction(
  staff: StaffRef,
  cardId: number,
  formData: FormData,
  origin: string,
): Promise<GiftActionOutcome | { ok: false; status: 400; message: string }> {
  const parsed = giftCardActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return {
      ok: false,
      status: 400,
      message: parsed.error.issues[0]?.message ?? "Choose what to do with this card.",
    };
  if (parsed.data.intent === "resend") return resendGiftCard(staff, cardId, origin);
  return cancelGiftCard(staff, { cardId, key: parsed.data.key });
}
