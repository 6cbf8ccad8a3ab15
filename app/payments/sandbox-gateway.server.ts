// A sandbox that behaves like a real gateway's test mode: well-formed test
// cards succeed or decline by number, tokens carry no card data, and charges
// are idempotent per key across processes and restarts (kept in the database).
import { randomBytes } from "node:crypto";
import { PAYMENTS } from "~/config";
import { env } from "~/env.server";
import { cardBrand, digitsOnly, luhnValid } from "./card-rules";
import { gatewayName, type GatewayName } from "./gateway-config.server";
import {
  CardError,
  GatewayTimeoutError,
  type CardInput,
  type ChargeRequest,
  type ChargeResult,
  type Decline,
  type PaymentGateway,
  type RefundResult,
  type TokenisedCard,
  type VerifyResult,
} from "./gateway";

type Behaviour = "ok" | "declined" | "insufficient" | "slow" | "refundtimeout";

/** Test numbers with a special outcome; every other valid number succeeds. */
const SPECIAL: Record<string, Behaviour> = {
  "4000000000000002": "declined",
  "4000000000009995": "insufficient",
};

/**
 * A card whose charge succeeds after PAYMENTS.sandboxSlowCardMs (25 s; TEST_SLOW_CARD_MS in the
 * suites, decision 076): the gateway that is slow
 * under load, for tests of a second press while the first is still charging. Only when
 * APP_ENV=test (the test suites and the e2e server); anywhere else it is an ordinary card.
 */
export const SLOW_TEST_CARD = "4000000000002503";
const slowCardHonoured = () => env.APP_ENV === "test";

/**
 * A card whose charges succeed and whose refunds are made but answer with a timeout: the gateway
 * that refunded just before our call gave up, for tests of a refund whose outcome is unknown
 * (decision 072). Only when APP_ENV=test; anywhere else it is an ordinary card. Its charges carry
 * the behaviour in their id, as refund() is given the charge, not the card.
 */
export const REFUND_TIMEOUT_TEST_CARD = "4000000000007023";
const REFUND_TIMEOUT = "refundtimeout";

/** The refusal each failing behaviour answers with, the same for charge() and verify(). */
const DECLINES: Record<"declined" | "insufficient", Decline> = {
  declined: { status: "declined", code: "card_declined", message: "Your card was declined." },
  insufficient: {
    status: "declined",
    code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
};

/** The behaviour a sandbox token carries in its suffix (tokenise() puts it there). */
function behaviourOf(token: string): Behaviour {
  const suffix = /_([a-z]+)$/.exec(token)?.[1];
  if (suffix === "slow" || suffix === REFUND_TIMEOUT) return slowCardHonoured() ? suffix : "ok";
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

/** Refunds are kept beside the charges under this prefix, so one refund key refunds once. */
const REFUND_PREFIX = "refund!";
/** Zero-amount checks are kept beside the charges under this prefix and their reference, as a real gateway logs them. */
export const VERIFY_PREFIX = "verify!";

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
    const row = await (
      await database()
    )
      .selectFrom("sandboxCharges")
      .select("result")
      .where("idempotencyKey", "=", key)
      .executeTakeFirst();
    return row ? (JSON.parse(row.result) as ChargeResult) : null;
  };
  return {
    get,
    async keep(key, result) {
      await (
        await database()
      )
        .insertInto("sandboxCharges")
        .values({
          idempotencyKey: key,
          result: JSON.stringify(result),
          createdAt: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column("idempotencyKey").doNothing())
        .execute();
      return (await get(key)) ?? result;
    },
  };
}

/** Waits `ms`, or throws as soon as `signal` aborts (the caller stopped waiting: nothing is charged). */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export class SandboxGateway implements PaymentGateway {
  constructor(
    private readonly charges: SandboxChargeStore = databaseChargeStore(),
    private readonly options: { slowCardMs?: number } = {},
  ) {}

  async tokenise(card: CardInput): Promise<TokenisedCard> {
    const number = digitsOnly(card.number);
    if (number.length < 13 || number.length > 16 || !luhnValid(number)) {
      throw new CardError("number", "Your card number is invalid.");
    }
    const now = new Date();
    if (
      card.expMonth < 1 ||
      card.expMonth > 12 ||
      new Date(Date.UTC(card.expYear, card.expMonth, 1)) <= now
    ) {
      throw new CardError("expiration", "Your card's expiration date is invalid.");
    }
    if (!/^\d{3,4}$/.test(card.cvc))
      throw new CardError("cvc", "Your card's security code is invalid.");
    const behaviour =
      SPECIAL[number] ??
      (!slowCardHonoured()
        ? "ok"
        : number === SLOW_TEST_CARD
          ? "slow"
          : number === REFUND_TIMEOUT_TEST_CARD
            ? REFUND_TIMEOUT
            : "ok");
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

  async verify(token: string, reference: string): Promise<VerifyResult> {
    const behaviour = behaviourOf(token);
    // A zero-amount check needs no funds: the insufficient-funds test card
    // passes verification (and is saved), and is declined only when charged.
    const result: VerifyResult =
      behaviour === "declined" ? { ...DECLINES.declined } : { status: "verified" };
    // kept in the charges' shape: a check is a charge of nothing
    await this.charges.keep(
      `${VERIFY_PREFIX}${reference}`,
      result.status === "verified"
        ? { status: "succeeded", chargeId: `sandbox_seti_${opaqueId(16)}`, amountCents: 0 }
        : result,
    );
    return result;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const previous = await this.charges.get(request.idempotencyKey);
    if (previous) return previous;
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
      throw new Error("amountCents must be a positive integer");
    }
    const behaviour = behaviourOf(request.token);
    if (behaviour === "slow")
      await pause(
        this.options.slowCardMs ?? env.TEST_SLOW_CARD_MS ?? PAYMENTS.sandboxSlowCardMs,
        request.signal,
      );
    const result: ChargeResult =
      behaviour === "declined" || behaviour === "insufficient"
        ? { ...DECLINES[behaviour] }
        : {
            status: "succeeded",
            chargeId: `sandbox_ch_${rand()}${behaviour === REFUND_TIMEOUT ? `_${REFUND_TIMEOUT}` : ""}`,
            amountCents: request.amountCents,
          };
    // two processes charging one key at once: the first result kept is the one both answer
    return this.charges.keep(request.idempotencyKey, result);
  }

  async refund(
    chargeId: string,
    amountCents: number,
    idempotencyKey: string,
  ): Promise<RefundResult> {
    if (!chargeId.startsWith("sandbox_ch_")) throw new Error("Unknown charge");
    // A refund key refunds once, as a real gateway's does: kept in the charges store under its own
    // prefix (shaped as a charge result there, with the refund's id).
    const kept = await this.charges.keep(`${REFUND_PREFIX}${idempotencyKey}`, {
      status: "succeeded",
      chargeId: `sandbox_re_${opaqueId(16)}`,
      amountCents,
    });
    // the refund is made and kept; the answer is lost on the way back
    if (chargeId.endsWith(`_${REFUND_TIMEOUT}`) && slowCardHonoured())
      throw new GatewayTimeoutError();
    return refundOf(kept, amountCents);
  }

  async findRefund(idempotencyKey: string): Promise<RefundResult | null> {
    const kept = await this.charges.get(`${REFUND_PREFIX}${idempotencyKey}`);
    return kept ? refundOf(kept, kept.status === "succeeded" ? kept.amountCents : 0) : null;
  }
}

/** A refund as the charges store keeps it (shaped as a charge, with the refund's id). */
const refundOf = (kept: ChargeResult, amountCents: number): RefundResult => ({
  status: "refunded",
  refundId: kept.status === "succeeded" ? kept.chargeId : "",
  amountCents: kept.status === "succeeded" ? kept.amountCents : amountCents,
});

let gateway: PaymentGateway | null = null;
/** The gateway PAYMENT_GATEWAY names (./gateway-config.server.ts; only the sandbox exists so far). */
export function paymentGateway(): PaymentGateway {
  gateway ??= gatewayOf(gatewayName);
  return gateway;
}

/** A real adapter is one more case here (decision 007, decision 063). */
function gatewayOf(name: GatewayName): PaymentGateway {
  switch (name) {
    case "sandbox":
      return new SandboxGateway();
  }
}
