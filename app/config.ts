// Brand, contact and the business constants of SPEC §9. The one place to change them.
export const BRAND = {
  name: "Paddock & Tide",
  tagline: "Australian meat & wild-caught seafood, delivered",
  supportEmail: "hello@paddockandtide.com.au",
  supportPhone: "1300 975 707",
  supportPhoneHref: "tel:1300975707",
} as const;

export const STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export type AuState = (typeof STATES)[number];
export const ADDRESS_TYPES = ["apartment", "business", "house"] as const;
export const COUNTRY = { code: "AU", name: "Australia" } as const;

export const FLOW_STEPS = {
  addonsIndex: 3,
  addonsLabel: "Addons",
  checkoutIndex: 4,
} as const;

/** Postcodes starting with 7 are Tasmanian: no salmon (quarantine). */
export const TASMANIA_POSTCODE_PREFIX = "7";

export const GIFT_CARD = {
  presetsCents: [1000, 5000, 10000, 20000],
  defaultCents: 5000,
  minimumCents: 1000,
  cookieMaxAgeSeconds: 60 * 60 * 24,
} as const;

export const LIMITS = {
  cardNumberDigits: 16,
  cvcMin: 3,
  cvcMax: 4,
  expiryLength: 5,
  postcodeLookupDebounceMs: 500,
  passwordRedirectDelayMs: 3000,
  shareCopiedMs: 3000,
  heroAutoplayMs: 5000,
  defaultFrequencyDays: 28,
  featuredRecipesMax: 5,
  selectionSmall: 8,
  selectionLarge: 16,
} as const;

export const SUPERMARKET_SPEND = [
  { people: 1, weeklyCents: 4000, monthlyCents: 17300 },
  { people: 2, weeklyCents: 5300, monthlyCents: 22900 },
  { people: 3, weeklyCents: 5700, monthlyCents: 24700 },
  { people: 4, weeklyCents: 7500, monthlyCents: 32500 },
] as const;

/** The business behind the shop, printed on every tax invoice (a fictional ABN with a valid checksum). */
export const BUSINESS = {
  legalName: "Paddock & Tide Pty Ltd",
  abn: "49 624 595 711",
  address: {
    line1: "Unit 3, 18 Foundry Lane",
    city: "Marrickville",
    state: "NSW",
    postcode: "2204",
    country: "Australia",
  },
} as const;

/** Recurring deliveries (issue 11, docs/decisions/009-renewals.md). */
export const REMINDER_DAYS_BEFORE_CUTOFF = 2;
export const PAYMENTS = {
  /** a payment still pending this long after its claim was left by a process that died: its reservations are given back */
  abandonedAfterMinutes: 10,
  /**
   * A gateway call is given up after this long, well inside the lease above, so the submit that
   * charged settles (or leaves its payment for recovery) long before recovery may take it
   * (docs/decisions/037-settling-owns-its-payment.md).
   */
  gatewayTimeoutSeconds: 60,
  /** the sandbox's slow test card (4000 0000 0000 2503, APP_ENV=test only) answers after this long */
  sandboxSlowCardMs: 25_000,
  /** a second press of a payment under way waits this long for it before answering "already being placed" */
  pressWaitMs: 20_000,
} as const;

export const RENEWALS = {
  /**
   * a declined renewal is tried again this many times, evenly spaced between the change cut-off and
   * the packing cut-off (subscriptions/schedule.ts retryInstants); unpaid at the packing cut-off, the
   * delivery is not sent and its order is cancelled
   */
  maxRetries: 3,
  /** boxes are packed from this hour, Sydney time, the day before delivery */
  packingCutoffHourSydney: 12,
  /** a charge claimed longer ago than this (a run that died half-way) is resumed with the same key */
  claimLeaseMinutes: 10,
} as const;
