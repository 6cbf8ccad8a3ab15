// A sandbox that behaves like a real gateway's test mode: well-formed test
// cards succeed or decline by number, tokens carry no card data, and charges
// are idempotent per key across processes and restarts (kept in the database).
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

/**
 * Where the sandbox remembers its charges. A real gateway answers a repeated key from its own records,
 * whichever of our processes asks and after any restart; the default store is the database
 * (`sandbox_charges`) so the sandbox does the same. Unit tests use the in-memory one.
 */
export interface SandboxChargeStore {
  get(key: string): Promise<ChargeResult | null>;
  /** Keeps `result` unless the key has one already; answers the one kept. */
  keep(key: string, result: ChargeResult): Promise<ChargeResult>;
}

export function memoryChargeStore(): SandboxChargeStore {
  const charges = new Map<string, ChargeResult>();
  return {
    get: async (key) => charges.get(key) ?? null,
    keep: async (key, result) => {
      if (!charges.has(key)) charges.set(key, result);
      return charges.get(key)!;
    },
  };
}

export function databaseChargeStore(): SandboxChargeStore {
  // imported when first used: the database module connects as it loads
  const database = () => import("~/db/client.server").then((m) => m.db);
  const get = async (key: string) => {
    const row = await (await database()).selectFrom("sandboxCharges").select("result").where("idempotencyKey", "=", key).executeTakeFirst();
    return row ? (JSON.parse(row.result) as ChargeResult) : null;
  };
  return {
    get,
    async keep(key, result) {
      await (await database()).insertInto("sandboxCharges")
        .values({ idempotencyKey: key, result: JSON.stringify(result), createdAt: new Date().toISOString() })
        .onConflict((oc) => oc.column("idempotencyKey").doNothing())
        .execute();
      return (await get(key)) ?? result;
    },
  };
}

export class SandboxGateway implements PaymentGateway {
  constructor(private readonly charges: SandboxChargeStore = databaseChargeStore()) {}

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
    return this.charges.get(idempotencyKey);
  }

  async verify(token: string): Promise<VerifyResult> {
    const behaviour = behaviourOf(token);
    // A zero-amount check needs no funds: the insufficient-funds test card
    // passes verification (and is saved), and is declined only when charged.
    if (behaviour === "declined") return { ...DECLINES.declined };
    return { status: "verified" };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const previous = await this.charges.get(request.idempotencyKey);
    if (previous) return previous;
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
      throw new Error("amountCents must be a positive integer");
    }
    const behaviour = behaviourOf(request.token);
    const result: ChargeResult =
      behaviour === "ok" ? { status: "succeeded", chargeId: `sandbox_ch_${rand()}`, amountCents: request.amountCents } : { ...DECLINES[behaviour] };
    // two processes charging one key at once: the first result kept is the one both answer
    return this.charges.keep(request.idempotencyKey, result);
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
