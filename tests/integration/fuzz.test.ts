// Fuzz every form action and API with generated payloads (issue 13): missing,
// oversized, wrong-typed (files for text), unicode, negative and huge numbers,
// duplicated and unknown fields, always with a valid CSRF token so validation
// is reached. Every answer is a 4xx with a message or a 2xx/3xx; never a 500 or
// an uncaught exception; and a refused payload writes nothing.
//
// Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> (and FUZZ_RUNS=<n>,
// default 200 per action); FUZZ_VERBOSE=1 prints each endpoint's answers by status.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { db } from "~/db/client.server";
import { staffClient } from "./admin-helpers";
import {
  countedSnapshot,
  installWriteCounter,
  removeWriteCounter,
  snapshotSince,
} from "./write-counter";
import {
  anonymous,
  call,
  draftClient,
  getRequest,
  postRequest,
  signInDemo,
  signInSecond,
  snapshot,
  withCookies,
  setCookies,
  type Client,
} from "./http-helpers";
import * as apiPay from "~/routes/api.orders.$order.checkout";
import * as checkoutOrder from "~/routes/checkout.$order";
import * as account from "~/routes/dashboard.account";
import * as myDeliveries from "~/routes/dashboard.my-deliveries";
import * as change from "~/routes/dashboard.my-deliveries_.change";
import * as oneTap from "~/routes/deliveries.one-tap.$token";
import * as forgotPassword from "~/routes/forgot-password";
import * as gsIndex from "~/routes/get-started._index";
import * as gsAddons from "~/routes/get-started.addons";
import * as gsBoxSize from "~/routes/get-started.box-size";
import * as gsCheckout from "~/routes/get-started.checkout";
import * as gsCurated from "~/routes/get-started.curated-box";
import * as gsYourBox from "~/routes/get-started.your-box";
import * as gsYourItems from "~/routes/get-started.your-items";
import * as activate from "~/routes/gift-cards.activate.($code)";
import * as give from "~/routes/gift-cards.give";
import * as giftCheckout from "~/routes/gift-cards_.checkout";
import * as personalise from "~/routes/gift-cards_.personalise";
import * as resetPassword from "~/routes/reset-password";
import * as adminDay from "~/routes/admin.deliveries.$date";
import * as adminGiftCard from "~/routes/admin.gift-cards.$id";
import * as adminOrder from "~/routes/admin.orders.$reference";
import * as adminSlips from "~/routes/admin.deliveries.$date_.slips";
import * as adminManifest from "~/routes/admin.deliveries.$date_.manifest[.]csv";
import * as adminNumbersCsv from "~/routes/admin.numbers.$figure";
import * as staffMemberPage from "~/routes/admin.staff.$id";
import * as staffSetUp from "~/routes/admin_.set-up.$token";
import * as staffList from "~/routes/admin.staff._index";
import * as recoveryCodes from "~/routes/admin.recovery-codes";
import * as staffSignIn from "~/routes/admin_.sign-in";
import * as staffSignOut from "~/routes/admin_.sign-out";
import * as careCustomer from "~/routes/admin.customers.$customerId";
import * as carePayments from "~/routes/admin.payments._index";
// catalogue (issue 37)
import * as catalogueProduct from "~/routes/admin.catalogue.products.$productId";
import * as catalogueNewProduct from "~/routes/admin.catalogue.products.new";
import * as catalogueBox from "~/routes/admin.catalogue.boxes.$packageId";
import * as uploadedImage from "~/routes/images.uploads.$file";
// discount codes (issue 37)
import * as discountNew from "~/routes/admin.discounts.new";
import * as discountPage from "~/routes/admin.discounts.$id";
import * as discountUses from "~/routes/admin.discounts.$id_.uses[.]csv";
// content editing (issue 37)
import * as contentFaqEdit from "~/routes/admin.content.faq.$id";
import * as contentFaqList from "~/routes/admin.content.faq._index";
import * as contentFaqNew from "~/routes/admin.content.faq.new";
import * as contentHome from "~/routes/admin.content.home";
import * as contentLegal from "~/routes/admin.content.pages.$key";
import * as contentPostEdit from "~/routes/admin.content.posts.$postId";
import * as contentPostPreview from "~/routes/admin.content.posts.$postId_.preview";
import * as contentPostNew from "~/routes/admin.content.posts.new";
import * as signIn from "~/routes/sign-in";
import * as signOut from "~/routes/sign-out";
import * as hookDraft from "~/routes/test-hooks.draft";
import * as hookJobs from "~/routes/test-hooks.jobs";
import * as hookSession from "~/routes/test-hooks.session";
import * as hookRenewals from "~/routes/test-hooks.renewals";
// issue 37, helper D (seo)
import * as hookContent from "~/routes/test-hooks.content";
import * as adminStock from "~/routes/admin.catalogue.stock";
import * as apiAddress from "~/routes/api.address.suggestions";
import * as apiCategories from "~/routes/api.categories";
import * as apiSchedule from "~/routes/api.delivery.schedule";
import * as apiFaq from "~/routes/api.faq";
import * as apiBreakdown from "~/routes/api.orders.$order.checkout.breakdown";
import * as apiPages from "~/routes/api.pages.$key";
import * as apiPost from "~/routes/api.posts.$slug";
import * as apiPosts from "~/routes/api.posts._index";
import * as apiRecipe from "~/routes/api.recipes.$slug";
import * as apiRecipes from "~/routes/api.recipes._index";
import * as apiRecipeCategory from "~/routes/api.recipes.category.$categoryId";
import * as apiFeatured from "~/routes/api.recipes.featured.list";
import * as apiHighlight from "~/routes/api.recipes.highlight.details";
import * as catchAll from "~/routes/$";
import * as blogPost from "~/routes/blog-post.$slug";
import * as blogRecipes from "~/routes/blog-recipes.$category";
import * as blog from "~/routes/blog.($filter)";
import * as invoice from "~/routes/dashboard.orders.$reference";
import * as location from "~/routes/locations.$slug";
import * as recipePost from "~/routes/recipe-post.$slug";

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
/**
 * A few hundred requests per endpoint: seconds alone, but CI runs the PostgreSQL pass of this file
 * alongside the rest of the suite on two cores, where one endpoint once took over 30 s. A guard
 * against a hang, not a time budget.
 */
const FUZZ_TIMEOUT = { timeout: 120_000 };

/* ---- values ------------------------------------------------------------------------------------ */

const nasty = fc.constantFrom(
  "",
  " ",
  "\t\n",
  "0",
  "-0",
  "-1",
  "1.5",
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "9".repeat(40),
  "-9007199254740993",
  "2147483648",
  "4294967296",
  "true",
  "false",
  "null",
  "undefined",
  "[]",
  "{}",
  "[object Object]",
  "on",
  "1",
  "2",
  "28",
  "14",
  "<script>alert(1)</script>",
  "'; drop table users; --",
  '" or 1=1 --',
  "../../etc/passwd",
  "%00",
  "\u0000",
  "\uFEFF",
  "\u202Eevil",
  "Zoë Ångström",
  "李小龙",
  "👩‍👩‍👧‍👦🥩🐟",
  "\uD800",
  "a@b.c",
  "demo@paddockandtide.com.au",
  "DEMO@PADDOCKANDTIDE.COM.AU ",
  "2026-02-30",
  "2030-01-01",
  "0000-00-00",
  "9999-12-31",
  "1970-01-01T00:00:00Z",
  "2000",
  "0800",
  "7000",
  "99999",
  "4242424242424242",
  "4000000000000002",
  "4242 4242 4242 4242",
  "12/30",
  "123",
  "WELCOME20",
  "welcome20",
  "SALMONGIFT",
  "ABCD-EFGH-JKLM-NPQR",
  "add:1",
  "remove:1",
  "add:999999999",
  "add:-1",
  "custom",
  "curated",
  "house",
  "NSW",
  "AU",
  "day",
  "saved",
  "new",
  "x".repeat(1_000),
  "y".repeat(70_000),
);

const number = fc.oneof(
  fc.integer().map(String),
  fc.integer({ min: -5, max: 60 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
);

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 200, maxLength: 600 }) },
);

/** A form value: a string, or a file where a string is expected. */
const value: fc.Arbitrary<string | Blob> = fc.oneof(
  { weight: 5, arbitrary: nasty },
  { weight: 3, arbitrary: number },
  { weight: 4, arbitrary: text },
  {
    weight: 1,
    arbitrary: fc.constant(new Blob(["%PDF-1.4 not a card"], { type: "application/pdf" })),
  },
);

/**
 * A payload: fields drawn mostly from the form's own names (so validation and
 * the service are reached), sometimes unknown names, any of them repeated.
 */
function payload(
  names: string[],
  fixed: Record<string, fc.Arbitrary<string>> = {},
): fc.Arbitrary<[string, string | Blob][]> {
  const name = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const fixedEntries = Object.entries(fixed).map(([k, arb]) =>
    fc.option(arb, { freq: 8 }).map((v): [string, string][] => (v === null ? [] : [[k, v]])),
  );
  return fc
    .tuple(
      fc.tuple(...(fixedEntries.length ? fixedEntries : [fc.constant([] as [string, string][])])),
      fc.array(fc.tuple(name, value), { maxLength: 14 }),
    )
    .map(([f, rest]) => [...f.flat(), ...rest]);
}

/**
 * A valid payload with a few fields dropped, replaced, or sent twice, plus a
 * stray field: this gets past the first checks into the services.
 */
function mutated(valid: Record<string, string>): fc.Arbitrary<[string, string | Blob][]> {
  const perField = Object.entries(valid).map(([k, v]) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constant<[string, string | Blob][]>([[k, v]]) },
      { weight: 1, arbitrary: fc.constant<[string, string | Blob][]>([]) },
      { weight: 2, arbitrary: value.map((x): [string, string | Blob][] => [[k, x]]) },
      {
        weight: 1,
        arbitrary: value.map((x): [string, string | Blob][] => [
          [k, v],
          [k, x],
        ]),
      },
    ),
  );
  return fc
    .tuple(
      fc.tuple(...perField),
      fc.array(fc.tuple(fc.constantFrom(...Object.keys(valid)), value), { maxLength: 2 }),
    )
    .map(([fields, extra]) => [...fields.flat(), ...extra]);
}

type Fuzzed = fc.Arbitrary<[string, string | Blob][]> & { valid?: Record<string, string>[] };

/** Random payloads and mutations of the valid ones (kept on the arbitrary for the field-by-field sweep). */
const mix = (
  random: fc.Arbitrary<[string, string | Blob][]>,
  ...valid: Record<string, string>[]
): Fuzzed => Object.assign(fc.oneof(random, ...valid.map((v) => mutated(v))), { valid });

/** The values every field of a valid payload is tried with, one field at a time. */
const SWEEP: (string | Blob)[] = [
  "\u0000",
  "a\u0000b",
  "",
  "   ",
  "-1",
  "0",
  "2147483648",
  "1e40",
  "-1e40",
  "NaN",
  "1.5",
  "x".repeat(70_000),
  "👩‍👩‍👧‍👦",
  "\uD800",
  "<script>alert(1)</script>",
  new Blob(["file"], { type: "text/plain" }),
];

/* ---- endpoints --------------------------------------------------------------------------------- */

type Endpoint = {
  mod: { action: unknown };
  path: string;
  params?: fc.Arbitrary<Record<string, string>>;
  client: () => Promise<Client>;
  fields: Fuzzed;
};

const ADDRESS = [
  "addressType",
  "line1",
  "line2",
  "company",
  "city",
  "state",
  "postcode",
  "country",
];
const CARD = ["card.number", "card.expiration", "card.cvc", "card.expMonth", "card.expYear"];
/** A URL path parameter as the router hands it over: any well-formed string (a URL cannot carry a lone surrogate). */
const param = fc.oneof(text, nasty).filter((v) => {
  try {
    encodeURIComponent(v);
    return true;
  } catch {
    return false;
  }
});
const intents = (...xs: string[]) =>
  fc.constantFrom(...xs, "", "INTENT", "__proto__", "constructor");

let A: Client;
/** the owner in the back office */
let OWNER: Client;
const PACKING_DAY = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
let aSubscriptionId = 0;
let bSubscriptionId = 0;
let bDeliveryDate = "";
let bAddressId = 0;
let customTypeId = 0;
let customSmallId = 0;
let curatedRangeId = 0;

const inDays = (n: number) => new Date(Date.now() + n * 86400000).toISOString().slice(0, 10);
const sydneyDay = (n: number) =>
  new Date(Date.now() + n * 86400000).toLocaleDateString("en-GB", { timeZone: "Australia/Sydney" });
const PAY_BILLING = {
  billing_first_name: "Olivia",
  billing_last_name: "Nguyen",
  billing_phone: "0412 345 678",
  billing_address_line_1: "12 Harbour Street",
  billing_city: "Haymarket",
  billing_address_type: "house",
  billing_postcode: "2000",
  billing_country: "AU",
  billing_state: "NSW",
};
const BILLING_DOTTED = (prefix: string) => ({
  [`${prefix}.addressType`]: "house",
  [`${prefix}.line1`]: "12 Harbour Street",
  [`${prefix}.city`]: "Haymarket",
  [`${prefix}.state`]: "NSW",
  [`${prefix}.postcode`]: "2000",
  [`${prefix}.country`]: "AU",
});

/** A visitor with the gift-card amount (and, when `personalised`, the personalise) cookies a real visit would have. */
async function giftClient(personalised: boolean): Promise<Client> {
  let c = await anonymous();
  const amount = await call(give.action, postRequest("/gift-cards/give", c, { amount: "10000" }));
  c = withCookies(c, ...setCookies(amount));
  if (!personalised) return c;
  const p = await call(
    personalise.action,
    postRequest("/gift-cards/personalise", c, {
      senderFirstName: "Sam",
      senderEmail: "sam@example.com",
      receiverFirstName: "Alex",
      receiverEmail: "alex@example.com",
      receiverMessage: "Enjoy",
      deliveryAt: sydneyDay(5),
    }),
  );
  if (p.status !== 303) throw new Error(`personalise answered ${p.status}: ${p.text}`);
  return withCookies(c, ...setCookies(p));
}

/** The discount code form's fields (issue 37). */
const DISCOUNT_FIELDS = [
  "code",
  "description",
  "kind",
  "percent",
  "amount",
  "products",
  "appliesTo",
  "deliveries",
  "startsOn",
  "endsOn",
  "maxUses",
  "maxUsesPerCustomer",
  "excludedRegions",
  "active",
];
/** A valid recipe of the content editor's form (issue 37). */
const CONTENT_POST: Record<string, string> = {
  title: "Fuzzed recipe",
  slug: "",
  summary: "A summary",
  thumbnailUrl: "/images/dish-bbq.svg",
  thumbnailAlt: "A barbecue",
  status: "draft",
  publishedAt: "2026-12-01T09:30",
  body: "## Fuzzed",
  preparationTime: "5",
  cookingTime: "10",
  servings: "2",
  ingredients: "Salt",
  directions: "Cook.",
};

const ENDPOINTS: Record<string, () => Endpoint> = {
  // catalogue (issue 37): the owner edits products and boxes
  "admin.catalogue.products.$productId.tsx": () => ({
    mod: catalogueProduct,
    path: "/admin/catalogue/products/1",
    client: async () => OWNER,
    params: fc.oneof(
      { weight: 4, arbitrary: fc.constant({ productId: "1" }) },
      { weight: 1, arbitrary: param.map((productId) => ({ productId })) },
    ),
    fields: mix(
      payload(["name", "description", "price", "categoryId", "weight", "taxable", "active"]),
      { name: "Fuzzed", price: "99999", categoryId: "999999", active: "on" },
    ),
  }),
  "admin.catalogue.products.new.tsx": () => ({
    mod: catalogueNewProduct,
    path: "/admin/catalogue/products/new",
    client: async () => OWNER,
    fields: mix(
      payload(["name", "description", "price", "categoryId", "weight", "taxable", "active"]),
      { name: "Fuzzed", price: "-1", categoryId: "1" },
    ),
  }),
  "admin.catalogue.boxes.$packageId.tsx": () => ({
    mod: catalogueBox,
    path: "/admin/catalogue/boxes/1",
    client: async () => OWNER,
    params: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom("1", "2", "4").map((packageId) => ({ packageId })) },
      { weight: 1, arbitrary: param.map((packageId) => ({ packageId })) },
    ),
    fields: mix(
      payload(["intent", "month", "item-0", "quantity-0", "price-2", "max-2"]),
      { intent: "contents", month: "1999-01", "item-0": "x" },
      { intent: "sizes", "price-2": "1e9", "max-2": "0" },
    ),
  }),
  "api.orders.$order.checkout.ts": () => ({
    mod: apiPay,
    path: "/api/orders/PT-100458/checkout",
    client: async () => A,
    params: fc.oneof(
      { weight: 4, arbitrary: fc.constant({ order: "PT-100458" }) },
      { weight: 1, arbitrary: param.map((order) => ({ order })) },
    ),
    fields: mix(
      payload([
        "billing_first_name",
        "billing_last_name",
        "billing_phone",
        "billing_address_line_1",
        "billing_address_line_2",
        "billing_city",
        "billing_address_type",
        "billing_postcode",
        "billing_country",
        "billing_state",
        "billing_company",
        "payment_method",
        "card[number]",
        "card[month]",
        "card[year]",
        "card[cvc]",
        "sms",
        "newsletter",
        "address_confirmed",
        "idempotency_key",
        "use_credit",
      ]),
      {
        ...PAY_BILLING,
        "card[number]": "4000000000000002",
        "card[month]": "09",
        "card[year]": "2032",
        "card[cvc]": "123",
      },
    ),
  }),
  // customer care (issue 36): a member of staff acting for a customer, and the failed payments
  "admin.customers.$customerId.tsx": () => ({
    mod: careCustomer,
    path: "/admin/customers/1",
    client: () => staffClient("support"),
    params: fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom("1", "2", "3").map((customerId) => ({ customerId })),
      },
      { weight: 1, arbitrary: param.map((customerId) => ({ customerId })) },
    ),
    fields: mix(
      payload([
        "intent",
        "subscriptionId",
        "deliveryDate",
        "resumeOn",
        "reason",
        "comment",
        "direction",
        "amount",
        "cut-1",
        "addon-2",
        "knifeAdult",
      ]),
      { intent: "credit", direction: "remove", amount: "100000", reason: "Fuzzed" },
      { intent: "skip", subscriptionId: "1", deliveryDate: "2020-01-01" },
      { intent: "cancel", subscriptionId: "999999", reason: "moving" },
    ),
  }),
  "admin.payments._index.tsx": () => ({
    mod: carePayments,
    path: "/admin/payments",
    client: () => staffClient("owner"),
    fields: mix(payload(["intent", "deliveryId"]), { intent: "retry", deliveryId: "999999" }),
  }),
  // content editing (issue 37): an editor
  "admin.content.posts.new.tsx": () => ({
    mod: contentPostNew,
    path: "/admin/content/posts/new?type=recipe",
    client: () => staffClient("editor"),
    fields: mix(
      payload([
        "title",
        "slug",
        "categoryIds",
        "summary",
        "thumbnailUrl",
        "thumbnailAlt",
        "publishedAt",
        "status",
        "body",
        "preparationTime",
        "cookingTime",
        "servings",
        "ingredients",
        "directions",
        "intent",
      ]),
      CONTENT_POST,
    ),
  }),
  "admin.content.posts.$postId.tsx": () => ({
    mod: contentPostEdit,
    path: "/admin/content/posts/1",
    client: () => staffClient("editor"),
    params: fc.oneof(
      { weight: 4, arbitrary: fc.constant({ postId: "1" }) },
      { weight: 1, arbitrary: param.map((postId) => ({ postId })) },
    ),
    fields: mix(
      payload(["title", "slug", "categoryIds", "status", "publishedAt", "body", "intent"]),
      { ...CONTENT_POST, slug: "fuzzed-post-one" },
    ),
  }),
  "admin.content.faq._index.tsx": () => ({
    mod: contentFaqList,
    path: "/admin/content/faq",
    client: () => staffClient("editor"),
    fields: mix(payload(["order-1", "order-2", "order-999999"]), { "order-1": "7" }),
  }),
  "admin.content.faq.new.tsx": () => ({
    mod: contentFaqNew,
    path: "/admin/content/faq/new",
    client: () => staffClient("editor"),
    fields: mix(payload(["category", "question", "answer", "sortOrder"]), {
      category: "order",
      question: "Fuzzed?",
      answer: "Yes.",
      sortOrder: "3",
    }),
  }),
  "admin.content.faq.$id.tsx": () => ({
    mod: contentFaqEdit,
    path: "/admin/content/faq/2",
    client: () => staffClient("editor"),
    params: fc.oneof(
      { weight: 4, arbitrary: fc.constant({ id: "2" }) },
      { weight: 1, arbitrary: param.map((id) => ({ id })) },
    ),
    fields: mix(payload(["intent", "category", "question", "answer", "sortOrder"]), {
      intent: "save",
      category: "order",
      question: "Fuzzed?",
      answer: "Yes.",
      sortOrder: "3",
    }),
  }),
  "admin.content.pages.$key.tsx": () => ({
    mod: contentLegal,
    path: "/admin/content/pages/terms",
    client: () => staffClient("editor"),
    params: fc.oneof(
      { weight: 4, arbitrary: fc.constant({ key: "terms" }) },
      { weight: 1, arbitrary: param.map((key) => ({ key })) },
    ),
    fields: mix(payload(["header", "content"]), { header: "Terms", content: "## Fuzzed" }),
  }),
  "admin.content.home.tsx": () => ({
    mod: contentHome,
    path: "/admin/content/home",
    client: () => staffClient("editor"),
    fields: mix(
      payload([
        "intent",
        "title",
        "description",
        "cta",
        "bullets",
        "lines",
        "slides[0].mobile",
        "slides[0].desktop",
        "slides[0].alt",
        "slides[1].desktop",
      ]),
      { intent: "ticker", lines: "Fuzzed\nLines" },
      {
        intent: "hero",
        title: "Hero",
        description: "Text",
        cta: "Go",
        bullets: "One",
        "slides[0].mobile": "/images/hero-coast-mobile.svg",
        "slides[0].desktop": "/images/hero-coast-desktop.svg",
        "slides[0].alt": "Coast",
      },
    ),
  }),
  "checkout.$order.tsx": () => ({
    mod: checkoutOrder,
    path: "/checkout/PT-100458",
    client: async () => A,
    params: fc.oneof(
      { weight: 4, arbitrary: fc.constant({ order: "PT-100458" }) },
      { weight: 1, arbitrary: param.map((order) => ({ order })) },
    ),
    fields: mix(
      payload([
        "idempotencyKey",
        "firstName",
        "lastName",
        "phone",
        "sms",
        "newsletter",
        "paymentMethod",
        "addressConfirmed",
        ...ADDRESS.map((f) => `billing.${f}`),
        ...CARD,
      ]),
      {
        idempotencyKey: "fuzz-key-0123456789abcdef",
        firstName: "Olivia",
        lastName: "Nguyen",
        phone: "0412 345 678",
        ...BILLING_DOTTED("billing"),
        paymentMethod: "new",
        "card.number": "4000000000000002",
        "card.expiration": "09/32",
        "card.cvc": "123",
      },
    ),
  }),
  "dashboard.account.tsx": () => ({
    mod: account,
    path: "/dashboard/account",
    client: signInSecond,
    fields: mix(
      payload(
        [
          "firstName",
          "lastName",
          "phone",
          "sms",
          "newsletter",
          "currentPassword",
          "password",
          "passwordConfirmation",
          "cardId",
          "makePrimary",
          "addressId",
          ...CARD,
          ...ADDRESS.map((f) => `address.${f}`),
        ],
        {
          intent: intents(
            "profile",
            "password",
            "card-add",
            "card-primary",
            "card-remove",
            "address",
            "address-add",
            "address-remove",
          ),
        },
      ),
      {
        intent: "profile",
        firstName: "Jack",
        lastName: "Morrison",
        phone: "0423 456 789",
        sms: "on",
      },
      { intent: "address", addressId: String(bAddressId), ...BILLING_DOTTED("address") },
      { intent: "address-add", ...BILLING_DOTTED("address"), "address.postcode": "20000" },
      { intent: "address-remove", addressId: String(bAddressId) },
      {
        intent: "card-add",
        "card.number": "4000000000000002",
        "card.expiration": "09/32",
        "card.cvc": "123",
      },
      {
        intent: "password",
        currentPassword: "not-the-password",
        password: "Another-Pass-2027",
        passwordConfirmation: "Another-Pass-2027",
      },
    ),
  }),
  "dashboard.my-deliveries.tsx": () => ({
    mod: myDeliveries,
    path: "/dashboard/my-deliveries",
    client: signInSecond,
    fields: mix(
      payload(["subscriptionId", "deliveryDate", "resumeOn", "reason", "comment"], {
        intent: intents("skip", "unskip", "pause", "resume", "cancel"),
        subscriptionId: fc.oneof(fc.constant(String(bSubscriptionId)), number),
      }),
      { intent: "skip", subscriptionId: String(bSubscriptionId), deliveryDate: bDeliveryDate },
      { intent: "pause", subscriptionId: String(bSubscriptionId), resumeOn: inDays(40) },
      { intent: "cancel", subscriptionId: "99999999", reason: "too-expensive", comment: "fuzz" },
    ),
  }),
  "dashboard.my-deliveries_.change.tsx": () => ({
    mod: change,
    path: `/dashboard/my-deliveries/change?subscription=${aSubscriptionId}`,
    client: async () => A,
    fields: mix(
      payload(["step", "via", "frequencyDays", "window", "addressId", "productId"], {
        intent: intents("frequency", "window", "address", "save-box", "discard"),
      }),
      { intent: "frequency", frequencyDays: "14" },
      { intent: "window", window: "day" },
      { step: "add:1", via: "fetcher" },
    ),
  }),
  "deliveries.one-tap.$token.tsx": () => ({
    mod: oneTap,
    path: "/deliveries/one-tap/x",
    client: anonymous,
    params: param.map((token) => ({ token })),
    fields: payload(["intent"], { intent: intents("skip", "keep") }),
  }),
  "forgot-password.tsx": () => ({
    mod: forgotPassword,
    path: "/forgot-password",
    client: anonymous,
    fields: mix(payload(["email"]), { email: "nobody@example.com" }),
  }),
  "get-started._index.tsx": () => ({
    mod: gsIndex,
    path: "/get-started",
    client: anonymous,
    fields: mix(
      payload(["postcode", "email", "suburbId", "deliveryDate", "deliveryWindow", "v"], {
        intent: intents("lookup", "continue"),
      }),
      { intent: "lookup", postcode: "2000", email: "fuzz@example.com" },
      {
        postcode: "2000",
        email: "fuzz@example.com",
        deliveryDate: inDays(7),
        deliveryWindow: "day",
        v: "2",
      },
    ),
  }),
  "get-started.addons.tsx": () => ({
    mod: gsAddons,
    path: "/get-started/addons",
    client: () => draftClient("curated"),
    fields: payload(["step", "productId", "via"], { intent: intents("add", "remove", "next") }),
  }),
  "get-started.box-size.tsx": () => ({
    mod: gsBoxSize,
    path: "/get-started/box-size",
    client: () => draftClient("curated"),
    fields: mix(payload(["type", "packageId", "frequencyDays"]), {
      type: String(customTypeId),
      packageId: String(customSmallId),
      frequencyDays: "28",
    }),
  }),
  "get-started.checkout.tsx": () => ({
    mod: gsCheckout,
    path: "/get-started/checkout",
    client: () => draftClient("curated"),
    fields: mix(
      payload(
        [
          "idempotencyKey",
          "discountCode",
          "choiceId",
          "password",
          "contact.firstName",
          "contact.lastName",
          "contact.phone",
          "contact.sms",
          "contact.newsletter",
          ...ADDRESS.map((f) => `shipping.${f}`),
          ...ADDRESS.map((f) => `billing.${f}`),
          "billingSameAsShipping",
          "deliveryNotes",
          "frequencyDays",
          "deliveryDate",
          "deliveryWindow",
          "knifeConfirmed",
          "paymentMethod",
          "cardId",
          ...CARD,
          "confirmAddress",
          "acceptOvernight",
          "addressConfirmed",
          "overnightAccepted",
        ],
        { intent: intents("discount", "postcode", "place-order") },
      ),
      { intent: "postcode", "shipping.postcode": "2000" },
      {
        idempotencyKey: "fuzz-checkout-0123456789",
        "contact.firstName": "Ava",
        "contact.lastName": "Tester",
        "contact.phone": "0412 345 678",
        password: "Correct-Horse-42",
        ...BILLING_DOTTED("shipping"),
        billingSameAsShipping: "on",
        frequencyDays: "28",
        deliveryDate: inDays(7),
        deliveryWindow: "day",
        deliveryNotes: "Side gate",
        paymentMethod: "new",
        "card.number": "4000000000000002",
        "card.expiration": "09/32",
        "card.cvc": "123",
      },
    ),
  }),
  "get-started.curated-box.tsx": () => ({
    mod: gsCurated,
    path: "/get-started/curated-box",
    client: () => draftClient("curated"),
    fields: mix(payload(["type"]), { type: String(curatedRangeId) }),
  }),
  "get-started.your-box.tsx": () => ({
    mod: gsYourBox,
    path: "/get-started/your-box",
    client: () => draftClient("curated"),
    fields: mix(payload(["boxType"]), { boxType: "curated" }, { boxType: "custom" }),
  }),
  "get-started.your-items.tsx": () => ({
    mod: gsYourItems,
    path: "/get-started/your-items",
    client: () => draftClient("custom"),
    fields: payload(["step", "productId", "via"], { intent: intents("add", "remove", "next") }),
  }),
  "gift-cards.activate.($code).tsx": () => ({
    mod: activate,
    path: "/gift-cards/activate",
    client: signInDemo,
    fields: mix(
      payload(["code", "email", "password"], { intent: intents("sign-in", "activate") }),
      { code: "Z2CD-EFGH-JKLM-NPQR" },
      { intent: "sign-in", email: "nobody@example.com", password: "wrong-password" },
    ),
  }),
  "gift-cards.give.tsx": () => ({
    mod: give,
    path: "/gift-cards/give",
    client: anonymous,
    fields: mix(payload(["amount", "customAmount"]), { amount: "custom", customAmount: "75" }),
  }),
  "gift-cards_.checkout.tsx": () => ({
    mod: giftCheckout,
    path: "/gift-cards/checkout",
    client: () => giftClient(true),
    fields: mix(
      payload(
        [
          "idempotencyKey",
          "email",
          "password",
          "paymentMethod",
          "cardId",
          ...CARD,
          ...ADDRESS.map((f) => `billing.${f}`),
          "billing.firstName",
          "billing.lastName",
          "billing.phone",
        ],
        {
          intent: intents("sign-in", "pay"),
        },
      ),
      {
        idempotencyKey: "fuzz-gift-0123456789abcdef",
        email: "buyer@example.com",
        "billing.firstName": "Sam",
        "billing.lastName": "Tester",
        "billing.phone": "0412 345 678",
        ...BILLING_DOTTED("billing"),
        paymentMethod: "new",
        "card.number": "4000000000000002",
        "card.expiration": "09/32",
        "card.cvc": "123",
      },
    ),
  }),
  "gift-cards_.personalise.tsx": () => ({
    mod: personalise,
    path: "/gift-cards/personalise",
    client: () => giftClient(false),
    fields: mix(
      payload([
        "senderFirstName",
        "senderEmail",
        "receiverFirstName",
        "receiverEmail",
        "receiverMessage",
        "deliveryAt",
        "isAnotherReceiver",
        "bonusReceiverFirstName",
        "bonusReceiverEmail",
        "bonusReceiverMessage",
        "bonusDeliveryAt",
      ]),
      {
        senderFirstName: "Sam",
        senderEmail: "sam@example.com",
        receiverFirstName: "Alex",
        receiverEmail: "alex@example.com",
        receiverMessage: "Enjoy",
        deliveryAt: sydneyDay(5),
      },
    ),
  }),
  "reset-password.tsx": () => ({
    mod: resetPassword,
    path: "/reset-password",
    client: anonymous,
    fields: mix(payload(["token", "email", "password", "passwordConfirmation"]), {
      token: "a".repeat(43),
      email: "demo@paddockandtide.com.au",
      password: "Another-Pass-2027",
      passwordConfirmation: "Another-Pass-2027",
    }),
  }),
  "admin.deliveries.$date.tsx": () => ({
    mod: adminDay,
    path: `/admin/deliveries/${PACKING_DAY}`,
    client: async () => OWNER,
    params: fc.oneof(
      { weight: 4, arbitrary: fc.constant({ date: PACKING_DAY }) },
      { weight: 1, arbitrary: param.map((date) => ({ date })) },
    ),
    fields: mix(payload(["intent", "reference"]), { intent: "pack", reference: "PT-NOPE" }),
  }),
  // discount codes (issue 37): the form's fields; a valid edit goes to a code that does not exist (404)
  "admin.discounts.new.tsx": () => ({
    mod: discountNew,
    path: "/admin/discounts/new",
    client: async () => OWNER,
    fields: mix(
      payload(DISCOUNT_FIELDS),
      {
        code: "FUZZ-10",
        description: "Fuzzed",
        kind: "percent",
        percent: "10",
        appliesTo: "first",
      },
      {
        code: "FUZZ-FREE",
        description: "Fuzzed",
        kind: "free_item",
        products: "999999",
        appliesTo: "recurring",
        deliveries: "1",
      },
    ),
  }),
  "admin.discounts.$id.tsx": () => ({
    mod: discountPage,
    path: "/admin/discounts/999999",
    client: async () => OWNER,
    params: fc.oneof(
      { weight: 4, arbitrary: fc.constant({ id: "999999" }) },
      { weight: 1, arbitrary: param.map((id) => ({ id })) },
    ),
    fields: mix(payload(DISCOUNT_FIELDS), {
      code: "FUZZ-EDIT",
      description: "Fuzzed",
      kind: "amount",
      amount: "12.50",
      appliesTo: "first",
      maxUses: "5",
      maxUsesPerCustomer: "9",
    }),
  }),
  "admin.gift-cards.$id.tsx": () => ({
    mod: adminGiftCard,
    path: "/admin/gift-cards/1",
    client: async () => OWNER,
    params: fc.oneof(
      { weight: 4, arbitrary: fc.constant({ id: "1" }) },
      { weight: 1, arbitrary: param.map((id) => ({ id })) },
    ),
    fields: mix(payload(["intent", "key"]), { intent: "cancel", key: "x".repeat(20) }),
  }),
  "admin.orders.$reference.tsx": () => ({
    mod: adminOrder,
    path: "/admin/orders/PT-100458?intent=refund",
    client: async () => OWNER,
    params: fc.oneof(
      { weight: 4, arbitrary: fc.constant({ reference: "PT-100458" }) },
      { weight: 1, arbitrary: param.map((reference) => ({ reference })) },
    ),
    fields: mix(
      payload([
        "idempotencyKey",
        "seenRefundedCents",
        "scope",
        "method",
        "amount",
        "reason",
        "qty-1",
        "kind",
      ]),
      {
        idempotencyKey: "k".repeat(24),
        seenRefundedCents: "0",
        scope: "amount",
        method: "credit",
        amount: "5.00",
        reason: "Arrived thawed",
      },
    ),
  }),
  "admin_.sign-in.tsx": () => ({
    mod: staffSignIn,
    path: "/admin/sign-in",
    client: anonymous,
    fields: mix(payload(["intent", "email", "password", "code", "redirectTo"]), {
      intent: "password",
      email: "owner@paddockandtide.com.au",
      password: "wrong-password",
      code: "123456",
      redirectTo: "/admin/audit",
    }),
  }),
  // staff managed by the owner (issue 44)
  "admin.staff._index.tsx": () => ({
    mod: staffList,
    path: "/admin/staff",
    client: async () => OWNER,
    fields: mix(payload(["email", "name", "role"]), {
      email: "fuzzed-member@example.com",
      name: "Fuzzed Member",
      role: "packer",
    }),
  }),
  "admin.staff.$id.tsx": () => ({
    mod: staffMemberPage,
    path: "/admin/staff/1",
    client: async () => OWNER,
    params: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom("1", "2", "3", "4", "5").map((id) => ({ id })) },
      { weight: 1, arbitrary: param.map((id) => ({ id })) },
    ),
    fields: mix(
      payload(["intent", "role"]),
      { intent: "role", role: "support" },
      { intent: "disable" },
      { intent: "enable" },
      { intent: "reset_second_factor" },
      { intent: "resend_invite" },
    ),
  }),
  "admin_.set-up.$token.tsx": () => ({
    mod: staffSetUp,
    path: "/admin/set-up/x",
    client: anonymous,
    params: param.map((token) => ({ token })),
    fields: mix(payload(["password", "passwordConfirmation"]), {
      password: "Fuzz-Horse-4242",
      passwordConfirmation: "Fuzz-Horse-4242",
    }),
  }),
  "admin.recovery-codes.tsx": () => ({
    mod: recoveryCodes,
    path: "/admin/recovery-codes",
    client: async () => OWNER,
    fields: mix(payload(["intent"]), { intent: "new" }),
  }),
  "admin_.sign-out.tsx": () => ({
    mod: staffSignOut,
    path: "/admin/sign-out",
    client: anonymous,
    fields: payload(["redirectTo"]),
  }),
  "sign-in.tsx": () => ({
    mod: signIn,
    path: "/sign-in",
    client: anonymous,
    fields: mix(payload(["email", "password", "destination"]), {
      email: "nobody@example.com",
      password: "wrong-password",
      destination: "/dashboard/account",
    }),
  }),
  "sign-out.tsx": () => ({
    mod: signOut,
    path: "/sign-out",
    client: anonymous,
    fields: payload(["destination"]),
  }),
  "test-hooks.draft.tsx": () => ({
    mod: hookDraft,
    path: "/test-hooks/draft",
    client: anonymous,
    fields: payload(["email", "postcode", "time", "box", "range", "size", "addon"]),
  }),
  "test-hooks.jobs.tsx": () => ({
    mod: hookJobs,
    path: "/test-hooks/jobs",
    client: anonymous,
    fields: payload(["now"]),
  }),
  "test-hooks.session.tsx": () => ({
    mod: hookSession,
    path: "/test-hooks/session",
    client: anonymous,
    fields: payload(["email"]),
  }),
  "test-hooks.renewals.tsx": () => ({
    mod: hookRenewals,
    path: "/test-hooks/renewals",
    client: anonymous,
    fields: payload(["now", "subscriptionId"]),
  }),
  // issue 37, helper D (seo)
  "test-hooks.content.tsx": () => ({
    mod: hookContent,
    path: "/test-hooks/content",
    client: anonymous,
    fields: payload(["id", "answer"]),
  }),
  "admin.catalogue.stock.tsx": () => ({
    mod: adminStock,
    path: "/admin/catalogue/stock",
    client: async () => OWNER,
    fields: mix(payload(["productId", "key", "reason", "change", "note"]), {
      productId: "1",
      key: "x".repeat(20),
      reason: "stocktake",
      change: "-1",
    }),
  }),
};

beforeAll(async () => {
  await installWriteCounter();
  A = await signInDemo();
  OWNER = await staffClient("owner");
  aSubscriptionId = (
    await db
      .selectFrom("subscriptions")
      .select("id")
      .where("userId", "=", A.userId!)
      .where("status", "=", "active")
      .executeTakeFirstOrThrow()
  ).id;
  const bUser = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", "second.subscriber@paddockandtide.com.au")
    .executeTakeFirstOrThrow();
  const bSub = await db
    .selectFrom("subscriptions")
    .select(["id", "deliveryDate"])
    .where("userId", "=", bUser.id)
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  bSubscriptionId = bSub.id;
  bDeliveryDate = bSub.deliveryDate!;
  bAddressId = (
    await db
      .selectFrom("addresses")
      .select("id")
      .where("userId", "=", bUser.id)
      .executeTakeFirstOrThrow()
  ).id;
  const pkg = await db
    .selectFrom("packages")
    .select(["id", "parentId"])
    .where("slug", "=", "custom-small")
    .executeTakeFirstOrThrow();
  customSmallId = pkg.id;
  customTypeId = pkg.parentId!;
  curatedRangeId = (
    await db
      .selectFrom("packages")
      .select("parentId")
      .where("slug", "=", "beef-small")
      .executeTakeFirstOrThrow()
  ).parentId!;
});

afterAll(removeWriteCounter);

it("fuzzes every route that exports an action", () => {
  const dir = path.resolve(__dirname, "../../app/routes");
  const withAction = fs
    .readdirSync(dir)
    .filter((f) => /\.(tsx?|jsx?)$/.test(f))
    .filter((f) =>
      /export\s+(async\s+)?function\s+action\b|export\s+(const|let)\s+action\b|export\s*\{[^}]*\baction\b/.test(
        fs.readFileSync(path.join(dir, f), "utf8"),
      ),
    );
  expect(Object.keys(ENDPOINTS).sort()).toEqual(withAction.sort());
});

const creditTotal = async () =>
  Number(
    (
      await db
        .selectFrom("creditLedger")
        .select((eb) => eb.fn.sum<number>("amountCents").as("s"))
        .executeTakeFirst()
    )?.s ?? 0,
  );

/**
 * A snapshot without what a declined payment legitimately records: the failed
 * payment row, credit held and given back, and the passwordless "identified"
 * account a visitor's payment is kept on (gift-card purchase).
 */
function withoutPaymentAttempt(snap: string, knownUserIds: Set<number>): string {
  const o = JSON.parse(snap) as {
    counts: Record<string, number>;
    users: { id: number; passwordHash: string | null; firstName: string | null }[];
  };
  delete o.counts.payments;
  delete o.counts.creditLedger;
  delete o.counts.users;
  o.users = o.users.filter(
    (u) => knownUserIds.has(u.id) || u.passwordHash !== null || u.firstName !== null,
  );
  return JSON.stringify(o);
}

const userIds = (snap: string) =>
  new Set((JSON.parse(snap) as { users: { id: number }[] }).users.map((u) => u.id));

const describeFields = (fields: [string, string | Blob][]) =>
  JSON.stringify(
    fields.map(([k, v]) => [
      k,
      typeof v === "string" ? (v.length > 80 ? `${v.slice(0, 40)}…(${v.length})` : v) : "<file>",
    ]),
  );

describe("generated payloads never break an action", FUZZ_TIMEOUT, () => {
  for (const [file, make] of Object.entries(ENDPOINTS)) {
    it(`${file} (seed ${SEED}, ${RUNS} runs)`, async () => {
      const ep = make();
      const client = await ep.client();
      let before = await countedSnapshot();
      let credit = await creditTotal();
      const statuses: Record<number, number> = {};
      await fc.assert(
        fc.asyncProperty(ep.fields, ep.params ?? fc.constant({}), async (fields, params) => {
          let res;
          try {
            res = await call(ep.mod.action, postRequest(ep.path, client, fields), params);
          } catch (error) {
            throw new Error(
              `uncaught ${(error as Error)?.stack ?? String(error)}\nfor ${describeFields(fields)} ${JSON.stringify(params)}`,
            );
          }
          const after = await snapshotSince(before);
          const where = `${res.status} for ${describeFields(fields)} ${JSON.stringify(params)}: ${res.text.slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          expect(res.status, where).toBeGreaterThanOrEqual(200);
          if (res.status >= 400) {
            // a message the page (or the API client) can show
            expect(
              res.text.replace(/[\s"{}[\]:,]|null|true|false/g, "").length,
              where,
            ).toBeGreaterThan(0);
            if (res.status === 402) {
              // a valid payload whose card the gateway declined: only the attempt is recorded
              // (a failed payment row, and credit held and given back), nothing else
              const known = userIds(before.snap);
              expect(
                withoutPaymentAttempt(after.snap, known),
                `a declined payment wrote something: ${where}`,
              ).toBe(withoutPaymentAttempt(before.snap, known));
              expect(await creditTotal(), where).toBe(credit);
            } else {
              expect(after.snap, `a refused payload wrote something: ${where}`).toBe(before.snap);
            }
          }
          // the ledger is among the counted tables: an unmoved count leaves its total as it was
          if (after !== before) credit = await creditTotal();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          before = after;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true, verbose: 1 },
      );
      // every field of every valid payload, one at a time, with each of the SWEEP values
      for (const valid of ep.fields.valid ?? []) {
        for (const key of Object.keys(valid)) {
          for (const bad of SWEEP) {
            const fields = Object.entries(valid).map(([k, v]): [string, string | Blob] => [
              k,
              k === key ? bad : v,
            ]);
            const params = ep.path.startsWith("/deliveries/")
              ? { token: "x" }
              : { order: "PT-100458" };
            let res;
            try {
              res = await call(ep.mod.action, postRequest(ep.path, client, fields), params);
            } catch (error) {
              throw new Error(
                `uncaught ${(error as Error)?.stack ?? String(error)}\nfor ${describeFields(fields)}`,
              );
            }
            const after = await snapshotSince(before);
            const where = `${res.status} for ${describeFields(fields)}: ${res.text.slice(0, 300)}`;
            expect(res.status, where).toBeLessThan(500);
            if (res.status >= 400 && res.status !== 402)
              expect(after.snap, `a refused payload wrote something: ${where}`).toBe(before.snap);
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            before = after;
          }
        }
      }
      if (process.env.FUZZ_VERBOSE) console.log(file, JSON.stringify(statuses));
    });
  }
});

describe("bodies that are not form data", () => {
  // A script or a misconfigured client can post JSON, plain text or a broken
  // multipart body to any form route: a 4xx, never a 500 and never a write.
  const bodies: [string, string][] = [
    ["application/json", '{"email":"demo@paddockandtide.com.au","password":"x"}'],
    ["text/plain", "email=demo@paddockandtide.com.au"],
    [
      "multipart/form-data; boundary=xyz",
      '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nnot closed',
    ],
    ["multipart/form-data", "no boundary at all"],
    ["application/x-www-form-urlencoded", "%E0%A4%A=%%&csrf=%ZZ"],
  ];
  for (const [file, make] of Object.entries(ENDPOINTS)) {
    it(`${file} answers a 4xx`, async () => {
      const ep = make();
      const client = await ep.client();
      const before = await snapshot();
      for (const [type, body] of bodies) {
        const request = new Request(new URL(ep.path, "http://localhost"), {
          method: "POST",
          body,
          headers: { "Content-Type": type, Cookie: client.cookie },
        });
        let res;
        try {
          res = await call(ep.mod.action, request, { order: "PT-100458", token: "x" });
        } catch (error) {
          throw new Error(`${type}: uncaught ${(error as Error).message}`);
        }
        expect(res.status, `${type}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${type}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      }
      expect(await snapshot()).toBe(before);
    });
  }
});

/* ---- the JSON APIs' loaders: query strings and path parameters ---------------------------------- */

type ApiEndpoint = {
  mod: { loader: unknown };
  path: (p: Record<string, string>) => string;
  params?: string;
  query: string[];
  signedIn?: boolean;
};

const APIS: Record<string, ApiEndpoint> = {
  "api.address.suggestions.ts": {
    mod: apiAddress,
    path: () => "/api/address/suggestions",
    query: ["q"],
  },
  "api.categories.ts": { mod: apiCategories, path: () => "/api/categories", query: ["page"] },
  "api.delivery.schedule.ts": {
    mod: apiSchedule,
    path: () => "/api/delivery/schedule",
    query: ["postcode"],
  },
  "api.faq.ts": { mod: apiFaq, path: () => "/api/faq", query: ["category"] },
  "api.orders.$order.checkout.breakdown.ts": {
    mod: apiBreakdown,
    path: (p) => `/api/orders/${encodeURIComponent(p.order)}/checkout/breakdown`,
    params: "order",
    query: [],
    signedIn: true,
  },
  "api.orders.$order.checkout.ts": {
    mod: apiPay,
    path: (p) => `/api/orders/${encodeURIComponent(p.order)}/checkout`,
    params: "order",
    query: [],
    signedIn: true,
  },
  "api.pages.$key.ts": {
    mod: apiPages,
    path: (p) => `/api/pages/${encodeURIComponent(p.key)}`,
    params: "key",
    query: [],
  },
  "api.posts.$slug.ts": {
    mod: apiPost,
    path: (p) => `/api/posts/${encodeURIComponent(p.slug)}`,
    params: "slug",
    query: [],
  },
  "api.posts._index.ts": {
    mod: apiPosts,
    path: () => "/api/posts",
    query: ["page", "type", "category"],
  },
  "api.recipes.$slug.ts": {
    mod: apiRecipe,
    path: (p) => `/api/recipes/${encodeURIComponent(p.slug)}`,
    params: "slug",
    query: [],
  },
  "api.recipes._index.ts": { mod: apiRecipes, path: () => "/api/recipes", query: ["page"] },
  "api.recipes.category.$categoryId.ts": {
    mod: apiRecipeCategory,
    path: (p) => `/api/recipes/category/${encodeURIComponent(p.categoryId)}`,
    params: "categoryId",
    query: ["page"],
  },
  "api.recipes.featured.list.ts": {
    mod: apiFeatured,
    path: () => "/api/recipes/featured/list",
    query: [],
  },
  "api.recipes.highlight.details.ts": {
    mod: apiHighlight,
    path: () => "/api/recipes/highlight/details",
    query: [],
  },
};

it("fuzzes every /api route", () => {
  const files = fs
    .readdirSync(path.resolve(__dirname, "../../app/routes"))
    .filter((f) => f.startsWith("api."));
  expect(Object.keys(APIS).sort()).toEqual(files.sort());
});

const queryValue = fc.oneof(nasty, number, text).filter((v) => {
  try {
    encodeURIComponent(v);
    return true;
  } catch {
    return false;
  }
});

describe("generated query strings and path parameters never break an API", FUZZ_TIMEOUT, () => {
  for (const [file, api] of Object.entries(APIS)) {
    it(`${file} (seed ${SEED}, ${Math.ceil(RUNS / 2)} runs)`, async () => {
      const client = api.signedIn ? A : null;
      const before = await snapshot();
      const seen: Record<number, number> = {};
      await fc.assert(
        fc.asyncProperty(
          param,
          fc.array(
            fc.tuple(
              fc.oneof(
                fc.constantFrom(...(api.query.length ? api.query : ["x"])),
                fc.string({ maxLength: 8 }),
              ),
              queryValue,
            ),
            { maxLength: 4 },
          ),
          async (p, query) => {
            const params = api.params ? { [api.params]: p } : {};
            const qs = new URLSearchParams(query).toString();
            const url = `${api.path(params)}${qs ? `?${qs}` : ""}`;
            let res;
            try {
              res = await call(api.mod.loader, getRequest(url, client), params);
            } catch (error) {
              throw new Error(`uncaught ${(error as Error)?.stack ?? String(error)}\nfor ${url}`);
            }
            expect(res.status, `${url}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
            if (res.status >= 400) expect(res.text.length, url).toBeGreaterThan(2);
            seen[res.status] = (seen[res.status] ?? 0) + 1;
          },
        ),
        { seed: SEED, numRuns: Math.ceil(RUNS / 2), endOnFailure: true, verbose: 1 },
      );
      expect(await snapshot()).toBe(before);
      if (process.env.FUZZ_VERBOSE) console.log(file, JSON.stringify(seen));
    });
  }
});

/* ---- page loaders that read a path parameter ------------------------------------------------------ */

const PAGES_WITH_PARAMS: Record<
  string,
  { mod: { loader: unknown }; name: string; signedIn?: boolean; staff?: boolean }
> = {
  "admin.deliveries.$date.tsx": { mod: adminDay, name: "date", staff: true },
  // catalogue (issue 37)
  "admin.catalogue.products.$productId.tsx": {
    mod: catalogueProduct,
    name: "productId",
    staff: true,
  },
  "admin.catalogue.boxes.$packageId.tsx": { mod: catalogueBox, name: "packageId", staff: true },
  "images.uploads.$file.ts": { mod: uploadedImage, name: "file" },
  "admin.deliveries.$date_.manifest[.]csv.ts": { mod: adminManifest, name: "date", staff: true },
  "admin.deliveries.$date_.slips.tsx": { mod: adminSlips, name: "date", staff: true },
  "admin.numbers.$figure.ts": { mod: adminNumbersCsv, name: "figure", staff: true },
  "admin.gift-cards.$id.tsx": { mod: adminGiftCard, name: "id", staff: true },
  // discount codes (issue 37)
  "admin.discounts.$id.tsx": { mod: discountPage, name: "id", staff: true },
  "admin.discounts.$id_.uses[.]csv.ts": { mod: discountUses, name: "id", staff: true },
  "admin.orders.$reference.tsx": { mod: adminOrder, name: "reference", staff: true },
  "admin.content.posts.$postId.tsx": { mod: contentPostEdit, name: "postId", staff: true },
  "admin.content.posts.$postId_.preview.tsx": {
    mod: contentPostPreview,
    name: "postId",
    staff: true,
  },
  "admin.content.faq.$id.tsx": { mod: contentFaqEdit, name: "id", staff: true },
  "admin.content.pages.$key.tsx": { mod: contentLegal, name: "key", staff: true },
  // staff managed by the owner (issue 44)
  "admin.staff.$id.tsx": { mod: staffMemberPage, name: "id", staff: true },
  "admin_.set-up.$token.tsx": { mod: staffSetUp, name: "token" },
  "$.tsx": { mod: catchAll, name: "*" },
  "admin.customers.$customerId.tsx": { mod: careCustomer, name: "customerId", signedIn: true },
  "blog-post.$slug.tsx": { mod: blogPost, name: "slug" },
  "blog-recipes.$category.tsx": { mod: blogRecipes, name: "category" },
  "blog.($filter).tsx": { mod: blog, name: "filter" },
  "checkout.$order.tsx": { mod: checkoutOrder, name: "order", signedIn: true },
  "dashboard.orders.$reference.tsx": { mod: invoice, name: "reference", signedIn: true },
  "deliveries.one-tap.$token.tsx": { mod: oneTap, name: "token" },
  "gift-cards.activate.($code).tsx": { mod: activate, name: "code", signedIn: true },
  "locations.$slug.tsx": { mod: location, name: "slug" },
  "recipe-post.$slug.tsx": { mod: recipePost, name: "slug" },
};

it("fuzzes every page route with a path parameter", () => {
  const files = fs
    .readdirSync(path.resolve(__dirname, "../../app/routes"))
    .filter((f) => f.includes("$") && !f.startsWith("api."));
  expect(Object.keys(PAGES_WITH_PARAMS).sort()).toEqual(files.sort());
});

describe("generated path parameters never break a page loader", FUZZ_TIMEOUT, () => {
  for (const [file, page] of Object.entries(PAGES_WITH_PARAMS)) {
    it(`${file} (seed ${SEED}, ${Math.ceil(RUNS / 4)} runs)`, async () => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(param, async (value) => {
          const url = `/fuzz/${encodeURIComponent(value)}`;
          let res;
          try {
            res = await call(
              page.mod.loader,
              getRequest(url, page.staff ? OWNER : page.signedIn ? A : null),
              {
                [page.name]: value,
              },
            );
          } catch (error) {
            throw new Error(
              `uncaught ${(error as Error)?.stack ?? String(error)}\nfor ${JSON.stringify(value)}`,
            );
          }
          expect(res.status, `${JSON.stringify(value)}: ${res.text.slice(0, 200)}`).toBeLessThan(
            500,
          );
        }),
        { seed: SEED, numRuns: Math.ceil(RUNS / 4), endOnFailure: true, verbose: 1 },
      );
      expect(await snapshot()).toBe(before);
    });
  }
});
