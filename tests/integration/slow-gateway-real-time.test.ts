// The one test of a slow gateway at the real timings (decision 076): the sandbox's slow test card
// answers after 25 s (PAYMENTS.sandboxSlowCardMs) and a second press waits 20 s
// (PAYMENTS.pressWaitMs) for the first. The other slow-gateway tests, here and in the e2e suite, use
// TEST_SLOW_CARD_MS and TEST_PRESS_WAIT_MS to take seconds; this one proves the unset defaults still
// answer "already being placed" and charge once. Box checkout, in the SQLite run only
// (SQLITE_RUN_ONLY in tests/vitest.config.ts, decision 089): the claim and the charge are proved on
// both databases by slow-gateway.test.ts at short timings.

// a module (its imports are dynamic): unset, the real timings, whatever a file before this one in
// the worker set
export {};
delete process.env.TEST_SLOW_CARD_MS;
delete process.env.TEST_PRESS_WAIT_MS;

const { ANOTHER_TAB: BOX_IN_PROGRESS, placeOrder } = await import("~/checkout/place-order.server");
const { PAYMENTS } = await import("~/config");
const { env } = await import("~/env.server");
const { REFUND_TIMEOUT_TEST_CARD, SLOW_TEST_CARD } =
  await import("~/payments/sandbox-gateway.server");
const { TEST_CARDS } = await import("../factories");
const { boxDraft, chargesOf, customer, VISA } = await import("./payment-fixtures");

const slowCard = { ...VISA, number: SLOW_TEST_CARD };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

it(
  "box checkout at 25 s: the in-progress answer keeps the key, and the third press gets the first order",
  { timeout: 60_000 },
  async () => {
    expect([env.TEST_SLOW_CARD_MS, env.TEST_PRESS_WAIT_MS]).toEqual([undefined, undefined]);
    expect([PAYMENTS.sandboxSlowCardMs, PAYMENTS.pressWaitMs]).toEqual([25_000, 20_000]);
    // the suites' shared numbers (tests/factories.ts) are the gateway's
    expect([TEST_CARDS.slow, TEST_CARDS.refundTimeout]).toEqual([
      SLOW_TEST_CARD,
      REFUND_TIMEOUT_TEST_CARD,
    ]);
    const user = await customer();
    const box = await boxDraft(user);
    const input = box.input({ card: { kind: "new", card: slowCard } });
    const started = Date.now();
    const first = placeOrder(box.actor, input, "http://localhost");
    await pause(1_000);
    const second = await placeOrder(box.actor, input, "http://localhost");
    // the second press waited the full 20 s before answering
    expect(Date.now() - started).toBeGreaterThanOrEqual(20_000);
    expect(second).toEqual({ kind: "error", message: BOX_IN_PROGRESS });
    const third = await placeOrder(box.actor, input, "http://localhost");
    const placed = await first;
    expect(Date.now() - started).toBeGreaterThanOrEqual(25_000);
    expect(placed.kind).toBe("placed");
    expect(third).toMatchObject({
      kind: "placed",
      reference: placed.kind === "placed" ? placed.reference : "",
    });
    expect(await chargesOf(user.id)).toEqual({ succeeded: 1, charged: 1 });
  },
);
