// The pay-an-order messages (SPEC §8 and the exactly-once refusals), shared by
// the schema, the service and the pages.
export const PAY_MESSAGES = {
  addressDoubt: "We had trouble verifying your address. Continue if it's correct.",
  alreadyPaid: "This order has already been paid.",
  inProgress:
    "This order is being paid in another window. Please wait a moment, then check your deliveries.",
  notPayable: "This order can no longer be paid.",
  creditChanged: "Your credit no longer covers this order. Please choose a card to pay the rest.",
  gatewayError:
    "We couldn't reach our payment provider, so nothing was charged. Please try again in a moment.",
  notRecorded: "We couldn't record your payment, and the charge was refunded. Please try again.",
  keyConflict: "This payment form has expired. Please reload the page and try again.",
  expectedTotal: "The expected total must be a whole number of cents.",
  keyRequired: "This payment form has expired. Please reload the page and try again.",
} as const;
