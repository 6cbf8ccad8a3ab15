// An in-process sandbox that behaves like a real gateway's test mode:
// well-formed test cards succeed or decline by number, tokens carry no card
// data, and charges are idempotent per key.
import { randomBytes } from "node:crypto";
import { cardBrand, digitsOnly, luhnValid } from "./card-rules";
import {
  CardError, type CardInput, type ChargeRequest, type ChargeResult, type Decline, type PaymentGateway, type RefundResult, type TokenisedCard,
  type VerifyResult,
} from "./gateway";

type Behaviour = "ok" | "declined" | "insufficient";

/** Test numbers with a special outcome; every other valid number succeeds. */
const SPECIAL: Record<string, Behaviour> = {
  "4000000000000002": "declined",
  "4000000000009995": "insufficient",
};

/** The refusal each failing behaviour answers with, the same for charge() and verify(). */
const DECLINES: Record<Exclude<Behaviour, "ok">, Decline> = {
  declined: { status: "declined", code: "card_declined", message: "Your card was declined." },
  insufficient: { status: "declined", code: "insufficient_funds", message: "Your card has insufficient funds." },
};

/** The behaviour a sandbox token carries in its suffix (tokenise() puts it there). */
function behaviourOf(token: string): Behaviour {
  const suffix = /_([a-z]+)$/.exec(token)?.[1];
  return suffix === "declined" || suffix === "insufficient" ? suffix : "ok";
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/**
 * A random id of letters only, so a token can never look like a card number
 * (tests and log scrubbing flag any run of 12+ digits).
 */
export function opaqueId(length = 16): string {
  return Array.from(randomBytes(length), (byte) => LETTERS[byte % LETTERS.length]).join("");
}

const rand = () => opaqueId(18);

export class SandboxGateway implements PaymentGateway {
  private charges = new Map<string, ChargeResult>();

  async tokenise(card: CardInput): Promise<TokenisedCard> {
    const number = digitsOnly(card.number);
    if (number.length < 13 || number.length > 16 || !luhnValid(number)) {
      throw new CardError("number", "Your card number is invalid.");
    }
    const now = new Date();
    if (card.expMonth < 1 || card.expMonth > 12 || new Date(Date.UTC(card.expYear, card.expMonth, 1)) <= now) {
      throw new CardError("expiration", "Your card's expiration date is invalid.");
    }
    if (!/^\d{3,4}$/.test(card.cvc)) throw new CardError("cvc", "Your card's security code is invalid.");
    const behaviour = SPECIAL[number] ?? "ok";
    return {
      token: `sandbox_pm_${rand()}_${behaviour}`,
      brand: cardBrand(number),
      lastFour: number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
  }

  async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    return this.charges.get(idempotencyKey) ?? null;
  }

  async verify(token: string): Promise<VerifyResult> {
    const behaviour = behaviourOf(token);
    // A zero-amount check needs no funds: the insufficient-funds test card
    // passes verification (and is saved), and is declined only when charged.
    if (behaviour === "declined") return { ...DECLINES.declined };
    return { status: "verified" };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const previous = this.charges.get(request.idempotencyKey);
    if (previous) return previous;
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
      throw new Error("amountCents must be a positive integer");
    }
    const behaviour = behaviourOf(request.token);
    const result: ChargeResult =
      behaviour === "ok" ? { status: "succeeded", chargeId: `sandbox_ch_${rand()}`, amountCents: request.amountCents } : { ...DECLINES[behaviour] };
    this.charges.set(request.idempotencyKey, result);
    return result;
  }

  async refund(chargeId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult> {
    if (!chargeId.startsWith("sandbox_ch_")) throw new Error("Unknown charge");
    return { status: "refunded", refundId: `sandbox_re_${idempotencyKey.slice(0, 12)}${opaqueId(4)}`, amountCents };
  }
}

let gateway: PaymentGateway | null = null;
/** The configured gateway (only the sandbox exists so far). */
export function paymentGateway(): PaymentGateway {
  gateway ??= new SandboxGateway();
  return gateway;
}
