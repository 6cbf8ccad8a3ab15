// The parts of the gift-card pages: a card's state as a badge.
import type { GiftCardState } from "./gift-cards.server";

export const GIFT_STATE_LABEL: Record<GiftCardState, string> = {
  scheduled: "Not sent yet",
  sent: "Sent, not claimed",
  claimed: "Claimed",
  cancelled: "Cancelled",
  expired: "Expired",
};
const TONE: Record<GiftCardState, string> = {
  scheduled: "info",
  sent: "warn",
  claimed: "good",
  cancelled: "bad",
  expired: "bad",
};

export function GiftStateBadge({ state }: { state: GiftCardState }) {
  return <span className={`status status--${TONE[state]}`}>{GIFT_STATE_LABEL[state]}</span>;
}

export const giftCardPath = (id: number) => `/admin/gift-cards/${id}`;
