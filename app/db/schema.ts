// Kysely table types. Columns are snake_case in the database and camelCase
// here (CamelCasePlugin). Booleans are stored as 0/1 integers and timestamps
// as ISO-8601 text so the same queries run on SQLite and PostgreSQL.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

type Id = Generated<number>;
type Bool = number; // 0 | 1
type Timestamp = string; // ISO-8601 UTC
type CreatedAt = ColumnType<string, string | undefined, never>;
/** a nullable column that inserts may leave out */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface UsersTable {
  id: Id;
  email: string; // lower-cased
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  sms: Bool | null; // null: never asked
  newsletter: Bool | null;
  gatewayCustomerId: string | null; // "linked" when set
  orderedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  /** a member of staff (migration 022, decision 052); null: a customer */
  staffRole: Optional<StaffRole>;
  /** the authenticator secret, sealed under a key of the session secret with its key id (app/staff/totp-seal.server.ts, decision 060); null: enrols at next sign-in */
  totpSecret: Optional<string>;
  /** the last accepted TOTP step: each code is accepted once */
  totpLastStep: Optional<number>;
  totpFailures: Generated<number>;
  totpLockedUntil: Optional<Timestamp>;
  /** disabled (migration 033): no sign-in or session opens the account; null: usable */
  disabledAt: Optional<Timestamp>;
  /** the checkout (payment key) that claimed the account's first order (migration 038, decision 070); null: unclaimed */
  firstOrderKey: Optional<string>;
}

export type StaffRole = "owner" | "support" | "packer" | "editor";

/** A staff sign-in, apart from the shop's sessions (app/staff/staff-session.server.ts). */
export interface StaffSessionsTable {
  id: string;
  userId: number;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  /** 12 hours after the start */
  expiresAt: Timestamp;
  /** the authenticator code was right; null: only the password step is done */
  secondFactorAt: Optional<Timestamp>;
  /** a new secret being enrolled (sealed), until its first code is right */
  enrolSecret: Optional<string>;
  ip: string;
  /** recovery codes just made, encrypted under this session's cookie token, until shown once (migration 036) */
  recoveryReveal: Optional<string>;
}

/** A one-time link to set a staff member's password (migration 036): only its token's sha256. */
export interface StaffSetupLinksTable {
  id: Id;
  userId: number;
  tokenHash: string;
  /** 24 hours after it was made */
  expiresAt: Timestamp;
  /** used, or superseded by a newer link for the same member */
  usedAt: Optional<Timestamp>;
  createdAt: Timestamp;
}

/** A one-time recovery code (migration 036): only its keyed hash. */
export interface StaffRecoveryCodesTable {
  id: Id;
  userId: number;
  codeHash: string;
  usedAt: Optional<Timestamp>;
  createdAt: Timestamp;
}

/** What a member of staff changed: only ever inserted (app/admin/audit.server.ts). */
export interface AuditEntriesTable {
  id: Id;
  /** who did it; for the system's own change (no member of staff), the account it changed (decision 062) */
  staffUserId: number;
  /** "system": done by the server itself, not by a member of staff (decision 062) */
  staffRole: StaffRole | "system";
  /** e.g. "order.refund", "delivery.skip", "staff.sign_in" */
  action: string;
  /** e.g. "order", "subscription", "user", "gift_card" */
  entityType: string;
  entityId: string;
  before: string | null; // JSON
  after: string | null; // JSON
  ip: string;
  createdAt: Timestamp;
}

/** One refund press: to the card through the gateway, or as account credit. Each is an adjustment note. */
export interface RefundsTable {
  id: Id;
  orderId: number;
  /** the card payment refunded; null for credit */
  paymentId: Optional<number>;
  method: "card" | "credit";
  amountCents: number;
  /** the GST in amountCents: the adjustment note's "GST adjusted" */
  gstCents: number;
  reason: string;
  /** JSON [{ invoiceLineId, quantity }] when chosen lines were refunded; null for the whole order or an amount */
  lines: Optional<string>;
  staffUserId: number;
  idempotencyKey: string;
  /**
   * pending while the gateway is asked; unknown when the call errored (it may have refunded): still
   * counted as refunded until the settlement job asks the gateway (decision 072); failed gives its
   * amount back to the order. Indexed with created_at for the settlement job (migration 040)
   */
  status: "pending" | "unknown" | "succeeded" | "failed";
  gatewayRefundId: Optional<string>;
  /** the adjustment note's number, e.g. "AN-PT1234-1" */
  noteNumber: string;
  createdAt: Timestamp;
  completedAt: Optional<Timestamp>;
}

export interface SessionsTable {
  id: string; // random, never guessable
  userId: number | null;
  subscriptionId: number | null; // the draft "subscription in session"
  createdAt: CreatedAt;
  /** the absolute end (30 days after the start; a checkout's old session gets 5 minutes) */
  expiresAt: Timestamp;
  /** the last recorded use, written at most hourly; null: none since createdAt (migration 019, decision 044) */
  lastSeenAt: Optional<Timestamp>;
}

export interface PasswordResetsTable {
  id: Id;
  userId: number;
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: CreatedAt;
}

/** A 6-digit code sent to an account's e-mail for one browser session (migration 018, decision 039). */
export interface EmailProofsTable {
  id: Id;
  userId: number;
  sessionId: string;
  /** HMAC of the code with the server secret: the code itself is never stored */
  codeHash: string;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  /** the right code was entered: this session may order on the account */
  provedAt: Timestamp | null;
  createdAt: CreatedAt;
}

/** A new-card attempt counted against one budget (an account or a client address): migration 021, decision 042. */
export interface CardAttemptsTable {
  id: Id;
  /** "account:{user id}" or "address:{client address}" */
  scope: string;
  /** the attempt: copies of one submit with one card share it (app/payments/card-attempt-rules.ts) */
  attempt: string;
  /** 1, or CARD_DECLINE_WEIGHT once the gateway declined the card */
  weight: number;
  createdAt: Timestamp;
}

export interface RateLimitHitsTable {
  id: Id;
  key: string;
  createdAt: Timestamp;
}

export interface PackagesTable {
  id: Id;
  parentId: number | null;
  slug: string;
  name: string;
  fullName: string;
  kind: "custom" | "curated";
  /** null for the box types and curated ranges; small/large for the sellable leaves */
  size: "small" | "large" | null;
  description: string;
  priceCents: number; // "from" price for parents, the price for leaves
  people: string | null;
  weight: string | null;
  selectionCustomizable: Bool;
  selectionMaximum: number | null;
  image: string;
  sortOrder: number;
  active: Bool;
}

export interface PackageContentsTable {
  id: Id;
  packageId: number;
  month: string; // yyyy-MM
  item: string;
  quantity: string;
  sortOrder: number;
}

export interface ProductCategoriesTable {
  id: Id;
  name: string;
  slug: string;
  kind: "cut" | "addon";
  sortOrder: number;
}

export interface ProductsTable {
  id: Id;
  slug: string;
  name: string;
  categoryId: number;
  kind: "cut" | "addon";
  description: string;
  weight: string | null;
  priceCents: number; // add-on price; cuts are included in the box price
  inventory: number | null; // null: unlimited; 0 or less: hidden
  image: string;
  isKnife: Bool;
  /** GST applies (1): not basic food. Fresh meat and seafood are GST-free (0). */
  taxable: Generated<number>;
  active: Bool;
}

export interface DeliveryRegionsTable {
  id: Id;
  slug: string;
  name: string;
  state: string;
  /** comma separated ISO weekdays (1 = Monday) on which we deliver */
  weekdays: string;
  daysLabel: string;
  timeLabel: string;
  note: string;
  /** first deliverable day is at least this many days after the order (cut-off 2pm Sydney) */
  leadDays: number;
  /** every n weeks a delivery day comes round (1 weekly, 2 fortnightly, 4 monthly) */
  everyWeeks: number;
  hasOvernight: Bool;
  sortOrder: number;
}

export interface RegionPostcodeRangesTable {
  id: Id;
  regionId: number;
  fromPostcode: number;
  toPostcode: number;
  area: string;
}

export interface DeliveryWindowsTable {
  id: Id;
  code: string;
  label: string;
  isOvernight: Bool;
  sortOrder: number;
}

export interface SuburbsTable {
  id: Id;
  name: string;
  postcode: string; // four digits as printed, e.g. "0800"
  postcodeKey: string; // leading zeros dropped, e.g. "800"
  state: string;
}

export interface FrequenciesTable {
  id: Id;
  days: number;
  sortOrder: number;
  active: Bool;
}

export interface AddressesTable {
  id: Id;
  userId: number;
  kind: "shipping" | "billing";
  addressType: "apartment" | "business" | "house";
  line1: string;
  line2: string | null; // suite / unit
  city: string;
  state: string;
  postcode: string;
  country: string; // AU
  company: string | null;
  createdAt: CreatedAt;
  /** removed from the account by its owner: kept for the orders that went there, listed nowhere */
  removedAt: Optional<string>;
}

export type SubscriptionStatus = "draft" | "active" | "paused" | "cancelled";

export interface SubscriptionsTable {
  id: Id;
  userId: number | null;
  status: SubscriptionStatus;
  email: string | null;
  packageId: number | null;
  boxType: "custom" | "curated" | null;
  postcode: string | null;
  suburbId: number | null;
  regionId: number | null;
  deliveryDate: string | null; // yyyy-MM-dd
  deliveryWindow: string | null; // delivery_windows.code
  frequencyDays: number | null;
  discountCode: string | null;
  shippingAddressId: number | null;
  billingAddressId: number | null;
  deliveryNotes: string | null;
  flowVersion: string | null; // ?v= of the entry link, for analytics
  startedAt: Timestamp | null;
  endedAt: Timestamp | null;
  pausedUntil: string | null;
  /** the idempotency key of the checkout submit that holds the draft while it charges */
  checkoutKey: Optional<string>;
  /** a subscriber chose "Add a second box" for this draft at checkout (migration 018) */
  secondBoxAt: Optional<string>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface SubscriptionItemsTable {
  id: Id;
  subscriptionId: number;
  productId: number;
  quantity: number;
}

export interface SubscriptionAddonsTable {
  id: Id;
  subscriptionId: number;
  productId: number;
  quantity: number;
}

export interface SubscriptionEventsTable {
  id: Id;
  subscriptionId: number;
  type:
    | "checked_out"
    | "checkout_error"
    | "skipped"
    | "unskipped"
    | "paused"
    | "resumed"
    | "cancelled"
    | "addons_updated"
    // the renewal engine (app/subscriptions): a one-tap "Keep it", an order at the cut-off, a declined charge, a delivery skipped unpaid
    | "kept"
    | "renewed"
    | "payment_failed"
    | "renewal_skipped"
    // "Change what comes next" (app/subscriptions/next-box.server.ts)
    | "box_changed"
    | "frequency_changed"
    | "window_changed"
    | "address_changed"
    | "day_changed";
  data: string | null; // JSON
  /** who did it when not the subscriber, e.g. "Paddock & Tide (Sam)"; null: the subscriber or the shop's jobs */
  actor: Optional<string>;
  createdAt: CreatedAt;
}

export interface DiscountsTable {
  id: Id;
  code: string; // upper-cased
  description: string;
  kind: "percent" | "amount" | "free_item";
  value: number; // percent or cents
  usable: Bool;
  chooseItems: Bool;
  startsAt: Timestamp | null;
  endsAt: Timestamp | null;
  /** 1: applies to every renewal too; 0 (default): first box only */
  recurring: Generated<Bool>;
}

export interface DiscountItemsTable {
  id: Id;
  discountId: number;
  productId: number;
  choice: Bool;
  itemOrder: number | null;
  minimum: number | null;
}

export type OrderStatus = "unpaid" | "paid" | "failed" | "skipped" | "cancelled";

export interface OrdersTable {
  id: Id;
  reference: string; // public, unguessable order reference used in /checkout/{order}
  userId: number;
  subscriptionId: number | null;
  kind: Generated<"box" | "gift_card">;
  status: OrderStatus;
  deliveryDate: string | null;
  deliveryWindow: string | null;
  createdAt: CreatedAt;
  paidAt: Timestamp | null;
  /** the idempotency key of the submit that holds (while it charges) or paid the order */
  paymentKey: Optional<string>;
  /** the billing address the order was paid with */
  billingAddressId: Optional<number>;
  /** where a box order is delivered (kept when its subscription moves later); null for gift cards */
  shippingAddressId: Optional<number>;
  /** packing day (migration 022): the subscriber sees "Packed", then "On its way" */
  packedAt: Optional<Timestamp>;
  dispatchedAt: Optional<Timestamp>;
  /** the sum of the order's refunds that are not failed: a refund only fits in what is left */
  refundedCents: Generated<number>;
}

export interface InvoicesTable {
  id: Id;
  orderId: number;
  subtotalCents: number;
  discountedCents: number;
  /** gift or referral credit spent on this invoice (SPEC §4 credit rule) */
  creditCents: Generated<number>;
  totalCents: number;
  createdAt: CreatedAt;
}

export interface InvoiceLinesTable {
  id: Id;
  invoiceId: number;
  sellableType: "package" | "product" | "addon" | "discount" | "gift_card";
  sellableId: number | null;
  name: string;
  quantity: number;
  priceCents: number;
  /** 1: a discount code's free item, listed at its price and discounted in full on this line (GST follows) */
  free: Generated<Bool>;
  /** 1: GST applies, as the product was when the invoice was written (migration 039, decision 071) */
  taxable: Bool;
  /** the GST in this line at issue, its share of the invoice's GST; the invoice's GST is their sum */
  gstCents: number;
}

/** The sandbox gateway's charges by idempotency key (a real gateway keeps these on its side). */
export interface SandboxChargesTable {
  idempotencyKey: string;
  /** the ChargeResult as JSON */
  result: string;
  createdAt: string;
}

export interface PaymentMethodsTable {
  id: Id;
  userId: number;
  gatewayToken: string;
  brand: string;
  lastFour: string;
  expMonth: number;
  expYear: number;
  isPrimary: Bool;
  createdAt: CreatedAt;
}

export interface PaymentsTable {
  id: Id;
  userId: number | null;
  orderId: number | null;
  giftCardId: number | null;
  amountCents: number;
  /**
   * pending while the one submit that owns the key talks to the gateway; recovering once payment
   * recovery took it after the lease (then only recovery settles it)
   */
  status: "pending" | "recovering" | "succeeded" | "declined" | "refunded";
  gatewayChargeId: string | null;
  cardBrand: Optional<string>;
  cardLastFour: Optional<string>;
  idempotencyKey: string;
  failureMessage: string | null;
  /** JSON of what the claim reserved besides this row (stock, credit), given back if it is never settled */
  reserved: Optional<string>;
  /** when payment recovery took the row (pending → recovering): a recovery that died is taken again after the lease */
  recoveryClaimedAt: Optional<string>;
  createdAt: CreatedAt;
}

export interface GiftCardsTable {
  id: Id;
  /** HMAC of the normalised code under a key of the session secret (codeKeyId), unique: the code itself is never stored (migration 020, decisions 045 and 060) */
  codeHash: string;
  /** the code's last four characters, for support ("•••• NPQR") */
  codeLast4: string;
  /** the code encrypted under a key from the session secret until the card's e-mail is written, then null */
  codeSealed: string | null;
  /** the id of the root secret the hash and seal were made under, "legacy" before migration 034 (decision 060) */
  codeKeyId: string;
  valueCents: number;
  bonusOfId: number | null;
  purchaserUserId: number | null;
  senderName: string;
  senderEmail: string;
  receiverName: string;
  receiverEmail: string;
  receiverMessage: string | null;
  deliverOn: string; // yyyy-MM-dd
  sentAt: Timestamp | null;
  claimedByUserId: number | null;
  claimedAt: Timestamp | null;
  createdAt: CreatedAt;
  /** the gift-card order that paid for it */
  orderId: Optional<number>;
  /** yyyy-MM-dd (Sydney): valid through that day, at least 3 years after purchase */
  expiresOn: Optional<string>;
  /** an unclaimed card cancelled by staff, its purchase refunded (migration 022) */
  cancelledAt: Optional<Timestamp>;
}

export interface GiftCardSettingsTable {
  id: Id;
  bonusPercent: number;
  minimumCents: number; // purchase from which the bonus applies
  active: Bool;
}

export interface CreditLedgerTable {
  id: Id;
  userId: number;
  amountCents: number; // positive adds credit, negative spends it
  reason: string;
  reference: string | null;
  createdAt: CreatedAt;
  /** the member of staff who added or removed it on the customer's page (migration 039) */
  staffUserId: Optional<number>;
  /** that page's key, made when it was rendered: a repeated post adds once */
  idempotencyKey: Optional<string>;
}

export interface AuthorsTable {
  id: Id;
  name: string;
  avatar: string;
}

export interface CategoriesTable {
  id: Id;
  name: string;
  slug: string;
  kind: "recipe" | "news";
}

export interface PostsTable {
  id: Id;
  slug: string;
  postType: "news" | "recipe";
  title: string;
  metaDescription: string;
  content: string; // HTML, sanitised on render
  thumbnailUrl: string;
  thumbnailAlt: string;
  authorId: number | null;
  preparationTime: number | null;
  cookingTime: number | null;
  servings: number | null;
  ingredients: string | null; // JSON string[]
  directions: string | null; // JSON string[]
  featured: Bool;
  highlight: Bool;
  /** migration 027: a draft shows nowhere public; a published post shows from its publish date */
  status: ColumnType<PostStatus, PostStatus | undefined, PostStatus>;
  publishedAt: Optional<Timestamp>;
  summary: Optional<string>;
  createdAt: string;
  updatedAt: Timestamp;
}

export type PostStatus = "draft" | "published";

/** A renamed post's earlier slug, which redirects (301) to the post's slug now (migration 027). */
export interface PostSlugRedirectsTable {
  id: Id;
  postId: number;
  postType: "news" | "recipe";
  oldSlug: string;
  createdAt: Timestamp;
}

export interface PostCategoriesTable {
  id: Id;
  postId: number;
  categoryId: number;
}

export interface FaqItemsTable {
  id: Id;
  category: "product" | "delivery" | "order" | "subscription";
  question: string;
  answer: string; // HTML
  sortOrder: number;
  /** migration 027: the FAQ page's lastmod */
  updatedAt: ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
}

export interface PagesTable {
  key: string; // homepage, concept, terms, privacy-policy, refund-policy
  data: string; // JSON
  updatedAt: Timestamp;
}

export interface LocationPostsTable {
  id: Id;
  slug: string;
  title: string;
  location: string;
  metaDescription: string;
  content: string;
  data: string; // JSON: background, images, description, faq
  /** migration 027: the sitemap's lastmod */
  updatedAt: ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
}

export interface TestimonialsTable {
  id: Id;
  name: string;
  location: string;
  quote: string;
  rating: number;
  sortOrder: number;
}

export interface SocialPostsTable {
  id: Id;
  handle: string;
  caption: string;
  imageUrl: string;
  imageAlt: string;
  sortOrder: number;
}

export type DeliveryStatus =
  | "scheduled"
  | "skipped"
  | "paused"
  | "cancelled"
  | "missed"
  | "ordered"
  | "paid"
  | "payment_failed";

/** One delivery of a subscription after its first box (app/subscriptions, docs/decisions/009-renewals.md). */
export interface DeliveriesTable {
  id: Id;
  subscriptionId: number;
  deliveryDate: string; // yyyy-MM-dd
  deliveryWindow: string | null;
  status: DeliveryStatus;
  skipReason: Optional<string>;
  cutoffAt: Timestamp;
  remindAt: Timestamp;
  reminderSentAt: Optional<Timestamp>;
  processedAt: Optional<Timestamp>;
  orderId: Optional<number>;
  chargeAttempts: Generated<number>;
  claimedAt: Optional<Timestamp>;
  nextAttemptAt: Optional<Timestamp>;
  stock: Optional<string>; // JSON
  notes: Optional<string>; // JSON string[]
  oneTapHash: Optional<string>;
  oneTapUsedAt: Optional<Timestamp>;
  oneTapAction: Optional<string>;
  oneTapReference: Optional<string>;
  /** JSON FrozenBox: the box as it stood at the cut-off (migration 037, decision 069) */
  boxAtCutoff: Optional<string>;
  /** JSON RemindedTerms: what the reminder stated (migration 037, decision 069) */
  reminded: Optional<string>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface EmailOutboxTable {
  id: Id;
  toAddress: string;
  subject: string;
  text: string;
  html: string | null;
  template: string;
  createdAt: CreatedAt;
  /** sent through SMTP (text then keeps a copy with its secrets redacted, html none) */
  sentAt: Optional<Timestamp>;
  /** tries so far by the mail relay (app/email/relay.server.ts) */
  attempts: ColumnType<number, number | undefined, number>;
  /** the next try is not before this; null: due at once */
  nextAttemptAt: Optional<Timestamp>;
  /** a relay's lease on the row while it sends it */
  claimedAt: Optional<Timestamp>;
  /** gave up after the last try (or too old when first seen); lastError says why */
  failedAt: Optional<Timestamp>;
  lastError: Optional<string>;
}

export interface MetaTable {
  key: string;
  value: string;
}

// catalogue (issue 37, migration 028): the price history and uploaded images
/** One change of a box's or a product's price (app/catalogue/prices.server.ts). */
export interface PriceChangesTable {
  id: Id;
  sellableType: "package" | "product";
  sellableId: number;
  oldCents: number;
  newCents: number;
  changedAt: Timestamp;
  staffUserId: number | null;
}

/** An uploaded image, by its content hash (app/catalogue/images.server.ts). */
export interface UploadedImagesTable {
  hash: string;
  ext: "png" | "jpg" | "webp" | "svg";
  contentType: string;
  bytes: Buffer;
  size: number;
  uploadedBy: number | null;
  createdAt: Timestamp;
  /** the upright original's size; null for an SVG, or a photo not (or not able to be) resized yet */
  width: Optional<number>;
  height: Optional<number>;
  /** when its variants were made or found impossible (migration 041); null: the job's to do */
  variantsMadeAt: Optional<Timestamp>;
}

/** One size and format of an uploaded photo, the only bytes of it the shop serves (migration 041). */
export interface UploadedImageVariantsTable {
  hash: string;
  /**
   * the width it was made for (IMAGE_WIDTHS: 240, 320, 480 or 960; a photo stored before migration
   * 044 may lack its 320 until the image-variants job makes it); a narrower original keeps its own
   */
  targetWidth: number;
  format: "avif" | "webp" | "jpg";
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
  size: number;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  staffSessions: StaffSessionsTable;
  staffSetupLinks: StaffSetupLinksTable;
  staffRecoveryCodes: StaffRecoveryCodesTable;
  auditEntries: AuditEntriesTable;
  refunds: RefundsTable;
  passwordResets: PasswordResetsTable;
  emailProofs: EmailProofsTable;
  rateLimitHits: RateLimitHitsTable;
  cardAttempts: CardAttemptsTable;
  packages: PackagesTable;
  packageContents: PackageContentsTable;
  productCategories: ProductCategoriesTable;
  products: ProductsTable;
  deliveryRegions: DeliveryRegionsTable;
  regionPostcodeRanges: RegionPostcodeRangesTable;
  deliveryWindows: DeliveryWindowsTable;
  suburbs: SuburbsTable;
  frequencies: FrequenciesTable;
  addresses: AddressesTable;
  subscriptions: SubscriptionsTable;
  subscriptionItems: SubscriptionItemsTable;
  subscriptionAddons: SubscriptionAddonsTable;
  subscriptionEvents: SubscriptionEventsTable;
  discounts: DiscountsTable;
  discountItems: DiscountItemsTable;
  orders: OrdersTable;
  invoices: InvoicesTable;
  invoiceLines: InvoiceLinesTable;
  paymentMethods: PaymentMethodsTable;
  sandboxCharges: SandboxChargesTable;
  payments: PaymentsTable;
  giftCards: GiftCardsTable;
  giftCardSettings: GiftCardSettingsTable;
  creditLedger: CreditLedgerTable;
  authors: AuthorsTable;
  categories: CategoriesTable;
  posts: PostsTable;
  postCategories: PostCategoriesTable;
  postSlugRedirects: PostSlugRedirectsTable;
  faqItems: FaqItemsTable;
  pages: PagesTable;
  locationPosts: LocationPostsTable;
  testimonials: TestimonialsTable;
  socialPosts: SocialPostsTable;
  emailOutbox: EmailOutboxTable;
  deliveries: DeliveriesTable;
  meta: MetaTable;
  // catalogue (issue 37, migration 028)
  priceChanges: PriceChangesTable;
  uploadedImages: UploadedImagesTable;
  uploadedImageVariants: UploadedImageVariantsTable;
  // issue 37, helper D (seo): migration 031
  stockAdjustments: StockAdjustmentsTable;
}

export type User = Selectable<UsersTable>;
export type Package = Selectable<PackagesTable>;
export type Product = Selectable<ProductsTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type SubscriptionUpdate = Updateable<SubscriptionsTable>;
export type NewUser = Insertable<UsersTable>;

// issue 37, helper D (seo): migration 031, stock adjustments
export type StockReason = "received" | "stocktake" | "damaged" | "other";

/** One change of a product's stock made in the back office (app/admin/stock). */
export interface StockAdjustmentsTable {
  id: Id;
  productId: number;
  /** added (positive) or removed (negative) */
  delta: number;
  inventoryBefore: number;
  inventoryAfter: number;
  reason: StockReason;
  note: string | null;
  staffUserId: number;
  /** the key rendered into the form: one adjustment per form shown */
  requestKey: string;
  createdAt: Timestamp;
}

// ---- issue 37, discount codes (migration 029, decision 056): declaration merging keeps this one block ----
export interface DiscountsTable {
  /** a recurring code covers this many deliveries, the first order counting as 1; null: every delivery */
  deliveries: Optional<number>;
  /** checkout uses of the code, all customers together; null: no limit */
  maxUses: Optional<number>;
  /** checkout uses by one customer; null: no limit */
  maxUsesPerCustomer: Optional<number>;
  /** checkout uses so far (claimed by a conditional update) */
  usesCount: Generated<number>;
  createdAt: Optional<Timestamp>;
  updatedAt: Optional<Timestamp>;
}

export interface DiscountExcludedRegionsTable {
  id: Id;
  discountId: number;
  regionId: number;
}

export interface DiscountUsesTable {
  id: Id;
  discountId: number;
  userId: number;
  subscriptionId: number | null;
  /** null between a checkout's claim and its settle */
  orderId: Optional<number>;
  /** the checkout's payment key (its claim); null for renewals */
  paymentKey: Optional<string>;
  /** 1: the checkout's first order; 2, 3…: renewals */
  deliveryNumber: number;
  discountedCents: number;
  createdAt: string;
}

export interface DB {
  discountExcludedRegions: DiscountExcludedRegionsTable;
  discountUses: DiscountUsesTable;
}
