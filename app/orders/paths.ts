// Where an order's pages live, for every flow that links to them (box
// checkout, gift cards, my deliveries, receipt e-mails).

/** The tax invoice of a paid order (owner only). */
export function taxInvoicePath(reference: string): string {
  return `/dashboard/orders/${encodeURIComponent(reference)}`;
}

/** The pay-an-order page of an order awaiting payment. */
export function payOrderPath(reference: string): string {
  return `/checkout/${encodeURIComponent(reference)}`;
}

export const MY_DELIVERIES_PATH = "/dashboard/my-deliveries";
