// The one seam to card payments. The embedded default is an in-process
// sandbox (sandbox-gateway.server.ts); a real gateway adapter implements the
// same interface. Card numbers and CVCs pass through tokenise() only and are
// never stored or logged.

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

export type TokenisedCard = {
  token: string;
  brand: string;
  lastFour: string;
  expMonth: number;
  expYear: number;
};

export type ChargeRequest = {
  token: string;
  amountCents: number;
  currency: "AUD";
  /** the same key always yields the same result and charges at most once */
  idempotencyKey: string;
  description: string;
  /** aborted when we stop waiting (PAYMENTS.gatewayTimeoutSeconds); a real adapter passes it to its HTTP call */
  signal?: AbortSignal;
};

export type DeclineCode = "card_declined" | "insufficient_funds" | "expired_card";

/** A refusal, with the message shown to the shopper. */
export type Decline = { status: "declined"; code: DeclineCode; message: string };

export type ChargeResult = { status: "succeeded"; chargeId: string; amountCents: number } | Decline;

/** The outcome of a zero-amount check of a tokenised card: nothing is charged or held. */
export type VerifyResult = { status: "verified" } | Decline;

export type RefundResult = { status: "refunded"; refundId: string; amountCents: number };

/** A card the gateway refused to tokenise, keyed by the form field at fault. */
export class CardError extends Error {
  constructor(
    public field: "number" | "expiration" | "cvc",
    message: string,
  ) {
    super(message);
    this.name = "CardError";
  }
}

/** The gateway did not answer in time: the charge may or may not have been made (ask findCharge). */
export class GatewayTimeoutError extends Error {
  constructor() {
    super("The payment gateway did not answer in time");
    this.name = "GatewayTimeoutError";
  }
}

export interface PaymentGateway {
  tokenise(card: CardInput): Promise<TokenisedCard>;
  /**
   * A zero-amount check (a card verification or setup intent) before a card is
   * saved for later charges: declines with the same codes and messages as
   * charge(), but needs no funds, so "insufficient_funds" never comes from it. `reference` names
   * the check in the gateway's records (a real gateway's setup intent carries it as metadata).
   */
  verify(token: string, reference: string): Promise<VerifyResult>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * The same idempotency key refunds at most once (recovery and a late settle may both refund one
   * charge). A throw says nothing about the outcome: the refund may have been made before the error
   * (a timeout after the gateway refunded), so the caller asks findRefund later (decision 072).
   */
  refund(chargeId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
  /** The refund made with this idempotency key, if any: settles a refund whose call errored. */
  findRefund(idempotencyKey: string): Promise<RefundResult | null>;
  /** The charge made with this idempotency key, if any (recovery after a crash between charge and settle). */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
}
