// The action of /dashboard/account, one function per form's `intent` (dispatchIntent). A save
// answers with a redirect to ?saved=...#section (PRG); a refusal with the form's own field errors
// (validationError), so the message shows under the field and what was typed stays.
import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import { dispatchIntent, type IntentHandlers } from "~/http/intents.server";
import { scrubCardData } from "~/payments/card-secrets";
import { NewCardsPausedError } from "~/payments/card-attempt-limits.server";
import { CardError } from "~/payments/gateway";
import {
  accountLimits,
  consume,
  getClientIp,
  RateLimitedError,
} from "~/security/rate-limit.server";
import { ACCOUNT_FORMS } from "./account-form-validators";
import {
  AddressInUseError,
  AddressRefusedError,
  CardInUseError,
  NotFoundError,
  PostcodeLockedError,
  WrongPasswordError,
  addAddress,
  addCard,
  changePassword,
  removeAddress,
  removeCard,
  setPrimaryCard,
  updateAddress,
  updateProfile,
} from "./account.server";
import type { User } from "~/db/schema";
import { getSession } from "./session.server";
import {
  addAddressValidator,
  addCardValidator,
  editAddressValidator,
  passwordValidators,
  profileValidator,
} from "./validators.server";

/** Each save's notice and the section it shows in (the redirect's #anchor). */
export const SAVED_MESSAGES = {
  profile: { section: "profile", message: "Your details are saved." },
  password: {
    section: "password",
    message: "Your password is changed. We signed you out on your other devices.",
  },
  "card-added": { section: "cards", message: "Your new card is saved." },
  "card-primary": {
    section: "cards",
    message: "Your primary card is changed. It pays for your next delivery.",
  },
  "card-removed": { section: "cards", message: "The card is removed." },
  address: { section: "addresses", message: "Your address is saved." },
  "address-added": {
    section: "addresses",
    message: "Your new address is saved. Move your deliveries to it under Change what comes next.",
  },
  "address-removed": { section: "addresses", message: "The address is removed." },
} as const;
export type Saved = keyof typeof SAVED_MESSAGES;
export type SavedNotice = (typeof SAVED_MESSAGES)[Saved];

/** The notice of ?saved=, or null for none or an unknown one. */
export function savedNotice(param: string | null): SavedNotice | null {
  return param && Object.hasOwn(SAVED_MESSAGES, param) ? SAVED_MESSAGES[param as Saved] : null;
}

// Cards land on their heading: after "Yes, remove" (with JS) the removed card's confirmation hands
// focus to this #fragment's element (ConfirmStep), and the heading is made focusable for it.
const SECTION_ANCHOR = {
  profile: "#account-profile-title",
  password: "#account-password-title",
  cards: "#account-cards-title",
  addresses: "#account-addresses-title",
} as const;

const done = (saved: Saved) =>
  redirect(
    `/dashboard/account?saved=${saved}${SECTION_ANCHOR[SAVED_MESSAGES[saved].section]}`,
    303,
  );

export const notFound = () => new Response("Not found", { status: 404 });

/** A row id from the URL or a form; anything else answers 404 like another user's row. */
export function rowId(value: FormDataEntryValue | null) {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound();
  return id;
}

type AccountAction = {
  user: User;
  formData: FormData;
  request: Request;
  context: AppLoadContext;
};

async function saveProfile({ user, formData }: AccountAction) {
  const result = await profileValidator.validate(formData);
  if (result.error) return validationError(result.error, result.submittedData);
  await updateProfile({ userId: user.id }, result.data);
  return done("profile");
}

async function savePassword({ user, formData, request, context }: AccountAction) {
  const validator = user.passwordHash ? passwordValidators.change : passwordValidators.set;
  const result = await validator.validate(formData);
  if (result.error) return validationError(result.error, {});
  const refuse = (message: string, init?: ResponseInit) =>
    validationError(
      { formId: ACCOUNT_FORMS.password, fieldErrors: { currentPassword: message } },
      {},
      init,
    );
  // counted before the current password is checked (tries sent at once cannot all slip under
  // the limit); a right one is taken back, so only wrong ones count
  let attempt;
  try {
    attempt = await consume(
      accountLimits("password-change", user.email, getClientIp(request, context)),
    );
  } catch (error) {
    if (error instanceof RateLimitedError) return refuse(error.message, { status: 429 });
    throw error;
  }
  const session = await getSession(request);
  try {
    await changePassword({ userId: user.id, sessionId: session?.id }, result.data);
  } catch (error) {
    if (error instanceof WrongPasswordError) return refuse(error.message);
    throw error;
  }
  await attempt.forget();
  return done("password");
}

async function addCardAction({ user, formData, request, context }: AccountAction) {
  const result = await addCardValidator.validate(formData);
  const refill = scrubCardData(result.submittedData as Record<string, unknown>);
  if (result.error) return validationError(result.error, refill);
  const refuse = (field: string, message: string, init?: ResponseInit) =>
    validationError(
      { formId: ACCOUNT_FORMS.addCard, fieldErrors: { [field]: message } },
      refill,
      init,
    );
  try {
    await addCard({ userId: user.id, clientIp: getClientIp(request, context) }, result.data);
  } catch (error) {
    if (error instanceof NewCardsPausedError) {
      return refuse("card.number", error.message, {
        status: 429,
        headers: { "Retry-After": String(error.retryAfterSeconds) },
      });
    }
    if (error instanceof CardError) return refuse(`card.${error.field}`, error.message);
    throw error;
  }
  return done("card-added");
}

async function makeCardPrimary({ user, formData }: AccountAction) {
  await setPrimaryCard({ userId: user.id, cardId: rowId(formData.get("cardId")) });
  return done("card-primary");
}

async function removeCardAction({ user, formData }: AccountAction) {
  const cardId = rowId(formData.get("cardId"));
  try {
    await removeCard({ userId: user.id, cardId });
  } catch (error) {
    if (error instanceof CardInUseError)
      return data({ cardError: { cardId, message: error.message } }, { status: 409 });
    throw error;
  }
  return done("card-removed");
}

async function editAddress({ user, formData }: AccountAction) {
  const result = await editAddressValidator.validate(formData);
  if (result.error) return validationError(result.error, result.submittedData);
  const refuse = (field: string, message: string) =>
    validationError(
      { formId: ACCOUNT_FORMS.address, fieldErrors: { [field]: message } },
      result.submittedData,
    );
  try {
    await updateAddress({ userId: user.id, addressId: result.data.addressId }, result.data.address);
  } catch (error) {
    if (error instanceof PostcodeLockedError) return refuse("address.postcode", error.message);
    if (error instanceof AddressRefusedError) return refuse(error.field, error.message);
    throw error;
  }
  return done("address");
}

async function addAddressAction({ user, formData }: AccountAction) {
  const result = await addAddressValidator.validate(formData);
  if (result.error) return validationError(result.error, result.submittedData);
  try {
    await addAddress({ userId: user.id }, result.data.address);
  } catch (error) {
    if (!(error instanceof AddressRefusedError)) throw error;
    return validationError(
      { formId: ACCOUNT_FORMS.addAddress, fieldErrors: { [error.field]: error.message } },
      result.submittedData,
    );
  }
  return done("address-added");
}

async function removeAddressAction({ user, formData }: AccountAction) {
  const addressId = rowId(formData.get("addressId"));
  try {
    await removeAddress({ userId: user.id, addressId });
  } catch (error) {
    // it came into use since the confirmation was shown (a move, an order made at its cut-off)
    if (error instanceof AddressInUseError)
      return data({ addressError: { addressId, message: error.message } }, { status: 409 });
    throw error;
  }
  return done("address-removed");
}

/** Answers differ in shape (a redirect, field errors, a card's or an address's refusal); the page reads each. */
const ACCOUNT_ACTIONS: IntentHandlers<[AccountAction], unknown> = {
  profile: saveProfile,
  password: savePassword,
  "card-add": addCardAction,
  "card-primary": makeCardPrimary,
  "card-remove": removeCardAction,
  address: editAddress,
  "address-add": addAddressAction,
  "address-remove": removeAddressAction,
};

/** Runs the posted form's intent; another user's row (or a missing one) answers 404. */
export async function accountAction(args: AccountAction) {
  try {
    return await dispatchIntent(args.formData, ACCOUNT_ACTIONS, args);
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound();
    throw error;
  }
}
