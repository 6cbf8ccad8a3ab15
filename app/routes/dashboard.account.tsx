// /dashboard/account: name, phone, consents, password, saved cards (removing
// one asks once: ?remove={card id}), the addresses on file (removing one asks
// once: ?removeAddress={address id}) and a new delivery address. One action, one `intent` per form; success answers with a redirect
// to ?saved=...#section (PRG), errors with the form's own field errors.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { ACCOUNT_FORMS } from "~/accounts/account-form-validators";
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
  getAccount,
  getAddress,
  removeAddress,
  removeCard,
  setPrimaryCard,
  updateAddress,
  updateProfile,
} from "~/accounts/account.server";
import {
  AddressesSection,
  CardsSection,
  PasswordSection,
  ProfileSection,
} from "~/accounts/components/account-sections";
import { getSession, requireUser } from "~/accounts/session.server";
import {
  addAddressValidator,
  addCardValidator,
  editAddressValidator,
  passwordValidators,
  profileValidator,
} from "~/accounts/validators.server";
import { BRAND } from "~/config";
import { scrubCardData } from "~/payments/card-secrets";
import { CardError } from "~/payments/gateway";
import { NewCardsPausedError } from "~/payments/card-attempt-limits.server";
import { readForm } from "~/security/csrf.server";
import {
  accountLimits,
  consume,
  getClientIp,
  RateLimitedError,
} from "~/security/rate-limit.server";
import { pageMeta } from "~/utils/meta";
import dashboardHref from "~/styles/dashboard.css";
import { loaderAndActionHeaders } from "~/http/route-headers";

/** Each save's notice and the section it shows in (the redirect's #anchor). */
const SAVED_MESSAGES = {
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
// Cards land on their heading: after "Yes, remove" (with JS) the removed card's confirmation hands
// focus to this #fragment's element (ConfirmStep), and the heading is made focusable for it.
const SECTION_ANCHOR = {
  profile: "#account-profile-title",
  password: "#account-password-title",
  cards: "#account-cards-title",
  addresses: "#account-addresses-title",
} as const;
type Saved = keyof typeof SAVED_MESSAGES;

export const meta: MetaFunction = () =>
  pageMeta("My account", `Your ${BRAND.name} details, password, cards and addresses.`);

export const links = () => [{ rel: "stylesheet", href: dashboardHref }];

// the loader's no-store reaches the response
export const headers = loaderAndActionHeaders;

const notFound = () => new Response("Not found", { status: 404 });
/** A row id from the URL or a form; anything else answers 404 like another user's row. */
function rowId(value: FormDataEntryValue | null) {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound();
  return id;
}
const done = (saved: Saved) =>
  redirect(
    `/dashboard/account?saved=${saved}${SECTION_ANCHOR[SAVED_MESSAGES[saved].section]}`,
    303,
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const account = await getAccount({ userId: user.id }, user);
  const addressParam = params.get("address");
  let editing = null;
  if (addressParam) {
    // another user's address answers exactly like a missing one
    const addressId = rowId(addressParam);
    await getAddress({ userId: user.id, addressId }).catch(() => {
      throw notFound();
    });
    editing = account.addresses.find((a) => a.id === addressId) ?? null;
  }
  // ?remove={card id}: the confirmation before removing; another user's card answers like a missing one
  const removeParam = params.get("remove");
  const removing =
    removeParam === null ? null : account.cards.find((c) => String(c.id) === removeParam)?.id;
  if (removing === undefined) throw notFound();
  // ?removeAddress={address id}: the same for an address on file
  const removeAddressParam = params.get("removeAddress");
  const removingAddress =
    removeAddressParam === null
      ? null
      : account.addresses.find((a) => String(a.id) === removeAddressParam)?.id;
  if (removingAddress === undefined) throw notFound();
  const saved = params.get("saved");
  return data(
    {
      account,
      editing,
      removing,
      removingAddress,
      saved: saved && saved in SAVED_MESSAGES ? SAVED_MESSAGES[saved as Saved] : null,
      addCardOpen: params.get("card") === "new",
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  try {
    switch (intent) {
      case "profile": {
        const result = await profileValidator.validate(formData);
        if (result.error) return validationError(result.error, result.submittedData);
        await updateProfile({ userId: user.id }, result.data);
        return done("profile");
      }
      case "password": {
        const validator = user.passwordHash ? passwordValidators.change : passwordValidators.set;
        const result = await validator.validate(formData);
        if (result.error) return validationError(result.error, {});
        // counted before the current password is checked (tries sent at once cannot all slip under
        // the limit); a right one is taken back, so only wrong ones count
        const attempt = await consume(
          accountLimits("password-change", user.email, getClientIp(request, context)),
        );
        const session = await getSession(request);
        try {
          await changePassword({ userId: user.id, sessionId: session?.id }, result.data);
        } catch (error) {
          if (!(error instanceof WrongPasswordError)) throw error;
          return validationError(
            { formId: ACCOUNT_FORMS.password, fieldErrors: { currentPassword: error.message } },
            {},
          );
        }
        await attempt.forget();
        return done("password");
      }
      case "card-add": {
        const result = await addCardValidator.validate(formData);
        const refill = scrubCardData(result.submittedData as Record<string, unknown>);
        if (result.error) return validationError(result.error, refill);
        try {
          await addCard({ userId: user.id, clientIp: getClientIp(request, context) }, result.data);
        } catch (error) {
          if (error instanceof NewCardsPausedError) {
            return validationError(
              { formId: ACCOUNT_FORMS.addCard, fieldErrors: { "card.number": error.message } },
              refill,
              { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
            );
          }
          if (!(error instanceof CardError)) throw error;
          return validationError(
            {
              formId: ACCOUNT_FORMS.addCard,
              fieldErrors: { [`card.${error.field}`]: error.message },
            },
            refill,
          );
        }
        return done("card-added");
      }
      case "card-primary":
      case "card-remove": {
        const cardId = rowId(formData.get("cardId"));
        if (intent === "card-primary") {
          await setPrimaryCard({ userId: user.id, cardId });
          return done("card-primary");
        }
        try {
          await removeCard({ userId: user.id, cardId });
        } catch (error) {
          if (error instanceof CardInUseError)
            return data({ cardError: { cardId, message: error.message } }, { status: 409 });
          throw error;
        }
        return done("card-removed");
      }
      case "address": {
        const result = await editAddressValidator.validate(formData);
        if (result.error) return validationError(result.error, result.submittedData);
        try {
          await updateAddress(
            { userId: user.id, addressId: result.data.addressId },
            result.data.address,
          );
        } catch (error) {
          if (error instanceof PostcodeLockedError) {
            return validationError(
              { formId: ACCOUNT_FORMS.address, fieldErrors: { "address.postcode": error.message } },
              result.submittedData,
            );
          }
          if (!(error instanceof AddressRefusedError)) throw error;
          return validationError(
            { formId: ACCOUNT_FORMS.address, fieldErrors: { [error.field]: error.message } },
            result.submittedData,
          );
        }
        return done("address");
      }
      case "address-add": {
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
      case "address-remove": {
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
      default:
        return data({ error: "Unknown action" }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound();
    if (error instanceof RateLimitedError) {
      return validationError(
        { formId: ACCOUNT_FORMS.password, fieldErrors: { currentPassword: error.message } },
        {},
        { status: 429 },
      );
    }
    throw error;
  }
}

export default function Account() {
  const { account, editing, removing, removingAddress, saved, addCardOpen } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as
    | {
        cardError?: { cardId: number; message: string };
        addressError?: { addressId: number; message: string };
        formId?: string;
      }
    | undefined;
  // an answer to a later form (its errors) replaces the notice of an earlier save
  const notice = (section: (typeof SAVED_MESSAGES)[Saved]["section"]) =>
    saved && !actionData && saved.section === section ? saved.message : null;
  return (
    <section className="section dash" aria-labelledby="account-title">
      <div className="container">
        <h1 id="account-title">My account</h1>
        <div className="dash-grid">
          <div className="dash-col">
            <ProfileSection account={account} notice={notice("profile")} />
            <PasswordSection hasPassword={account.hasPassword} notice={notice("password")} />
          </div>
          <div className="dash-col">
            <CardsSection
              account={account}
              cardError={actionData?.cardError}
              addCardOpen={addCardOpen || actionData?.formId === ACCOUNT_FORMS.addCard}
              removing={removing}
              notice={notice("cards")}
            />
            <AddressesSection
              account={account}
              editing={editing}
              removing={removingAddress}
              addressError={actionData?.addressError}
              addAddressOpen={actionData?.formId === ACCOUNT_FORMS.addAddress}
              notice={notice("addresses")}
            />
          </div>
        </div>
      </div>
    </section>
  );
}
