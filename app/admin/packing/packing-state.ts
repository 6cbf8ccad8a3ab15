// Where an order is on packing day, as the day's orders table shows it (shared with the browser).
import type { OrderStatus } from "~/db/schema";

export type PackingState = "unpaid" | "failed" | "paid" | "packed" | "dispatched";

export const packingState = (o: {
  status: OrderStatus;
  packedAt: string | null;
  dispatchedAt: string | null;
}): PackingState =>
  o.status !== "paid"
    ? o.status === "failed"
      ? "failed"
      : "unpaid"
    : o.dispatchedAt
      ? "dispatched"
      : o.packedAt
        ? "packed"
        : "paid";
