// The sections of /dashboard/account. Each form has its own id and `intent`;
// without JS each is a plain post answered with a redirect (PRG) and a
// ?saved= notice, with JS the same forms submit through ValidatedForm or a
// fetcher and show a pending state. Fields inside a ValidatedForm get no
// formId prop: they read the enclosing form's defaults and errors.
import { Form, Link, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { AddressFields } from "~/addresses/components/address-fields";
import { ConfirmStep } from "~/components/confirm-step";
import { CsrfInput } from "~/components/csrf-input";
import {
  CheckboxField,
  FocusFirstError,
  FormSubmit,
  SubmitButton,
  TextField,
} from "~/components/forms";
import { CardFields } from "~/payments/components/card-fields";
import { NEW_CARD } from "~/payments/card-rules";
import { ACCOUNT_FORMS, accountFormValidators } from "../account-form-validators";
import type { AccountView, AddressView } from "../account.server";
import { NewPasswordFields } from "./new-password-fields";

const TYPE_LABEL = { apartment: "Apartment", business: "Business", house: "House" } as const;
const two = (n: number) => String(n).padStart(2, "0");

/**
 * The URL a form posts to: the page as it is (like a form without an action) plus the #fragment of
 * the form or its section. Without JS a refusal answers with the page itself, and the browser then
 * lands on the errors instead of the top of the page; a success redirects to its own #fragment.
 */
function usePostTo(fragment: string) {
  const { pathname, search } = useLocation();
  return `${pathname}${search}#${fragment}`;
}

/** A save's confirmation, shown in the section it changed: the redirect lands there, not at the top of the page. */
function SavedNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="form-alert form-alert--success dash-notice" role="status">
      <p>{message}</p>
    </div>
  );
}

export function ProfileSection({
  account,
  notice,
}: {
  account: AccountView;
  notice: string | null;
}) {
  const id = ACCOUNT_FORMS.profile;
  const action = usePostTo(`${id}-title`);
  return (
    <section className="card dash-panel" aria-labelledby={`${id}-title`}>
      <div className="card__body">
        {/* tabIndex: a save lands here (?saved=profile#account-profile-title), and with JS so does focus */}
        <h2 id={`${id}-title`} className="dash-panel__title" tabIndex={-1}>
          Your details
        </h2>
        <SavedNotice message={notice} />
        <p className="dash-panel__intro">
          Signed in as <strong>{account.email}</strong>.
        </p>
        <ValidatedForm
          id={id}
          method="post"
          action={action}
          validator={accountFormValidators.profile}
          noValidate
          className="form"
          defaultValues={{
            firstName: account.firstName,
            lastName: account.lastName,
            phone: account.phone,
            sms: account.sms,
            newsletter: account.newsletter,
          }}
        >
          <CsrfInput />
          <FocusFirstError formId={id} />
          <input type="hidden" name="intent" value="profile" />
          <div className="form-row form-row--2">
            <TextField
              name="firstName"
              label="First name"
              autoComplete="given-name"
              maxLength={80}
            />
            <TextField
              name="lastName"
              label="Last name"
              autoComplete="family-name"
              maxLength={80}
            />
          </div>
          <TextField
            name="phone"
            label="Mobile"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={30}
            hint="An Australian mobile or landline."
          />
          <fieldset className="dash-fieldset">
            <legend className="field__label">Keep in touch</legend>
            <CheckboxField name="sms" label="Text me delivery updates" />
            <CheckboxField name="newsletter" label="E-mail me recipes, offers and news" />
          </fieldset>
          <FormSubmit variant="primary">Save details</FormSubmit>
        </ValidatedForm>
      </div>
    </section>
  );
}

/**
 * A key that remounts a form, empty, after a save (each save redirects to a new ?saved= page; a
 * refusal answers on the same page, so the key and what was typed stay). Not the form library's
 * resetAfterSubmit: it can read a server-side refusal as a success before the refusal's errors reach
 * its store, and empty the form.
 */
function useFreshFormKey() {
  const { key, search } = useLocation();
  return new URLSearchParams(search).has("saved") ? `saved-${key}` : "form";
}

export function PasswordSection({
  hasPassword,
  notice,
}: {
  hasPassword: boolean;
  notice: string | null;
}) {
  const id = ACCOUNT_FORMS.password;
  const freshKey = useFreshFormKey();
  const action = usePostTo(`${id}-title`);
  return (
    <section className="card dash-panel" aria-labelledby={`${id}-title`}>
      <div className="card__body">
        {/* tabIndex: a save lands here (?saved=password#account-password-title), and with JS so does focus */}
        <h2 id={`${id}-title`} className="dash-panel__title" tabIndex={-1}>
          {hasPassword ? "Change your password" : "Choose a password"}
        </h2>
        <SavedNotice message={notice} />
        <p className="dash-panel__intro">
          {hasPassword
            ? "For your security we sign you out everywhere else when your password changes."
            : "Your account has no password yet. Choose one to sign in on any device."}
        </p>
        <ValidatedForm
          key={freshKey}
          id={id}
          method="post"
          action={action}
          validator={
            hasPassword ? accountFormValidators.changePassword : accountFormValidators.setPassword
          }
          noValidate
          className="form"
        >
          <CsrfInput />
          <FocusFirstError formId={id} />
          <input type="hidden" name="intent" value="password" />
          {/* helps password managers pair the new password with the account */}
          {hasPassword ? (
            <TextField
              name="currentPassword"
              label="Current password"
              type="password"
              autoComplete="current-password"
            />
          ) : null}
          <NewPasswordFields />
          <FormSubmit variant="primary">
            {hasPassword ? "Change password" : "Save password"}
          </FormSubmit>
        </ValidatedForm>
      </div>
    </section>
  );
}

function CardButton({
  intent,
  cardId,
  label,
  children,
  variant,
}: {
  intent: "card-primary" | "card-remove";
  cardId: number;
  label: string;
  children: string;
  variant: "primary" | "secondary" | "quiet";
}) {
  const fetcher = useFetcher<{ cardError?: { message: string } }>();
  const error = fetcher.state === "idle" ? fetcher.data?.cardError?.message : undefined;
  const action = usePostTo(`card-${cardId}`);
  return (
    <fetcher.Form method="post" action={action} className="dash-inline-form">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="cardId" value={cardId} />
      <SubmitButton variant={variant} pending={fetcher.state !== "idle"}>
        {children}
        <span className="visually-hidden"> {label}</span>
      </SubmitButton>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** "Visa ending in 4242"; with the expiry when another saved card shares brand and last four (a reissued card). */
function cardLabel(c: AccountView["cards"][number], cards: AccountView["cards"]) {
  const base = `${c.brand} ending in ${c.lastFour}`;
  const twin = cards.some((o) => o.id !== c.id && o.brand === c.brand && o.lastFour === c.lastFour);
  return twin ? `${base}, expires ${two(c.expMonth)}/${String(c.expYear).slice(-2)}` : base;
}

/** The one confirmation before a saved card goes (?remove={id}): a plain link there, a post from here, so it works without JS. */
function RemoveCardConfirm({
  cardId,
  label,
  primary,
}: {
  cardId: number;
  label: string;
  primary: boolean;
}) {
  return (
    <ConfirmStep titleId={`remove-card-${cardId}-title`} title={`Remove ${label}?`}>
      <p>
        We delete it from your account. You can add it again at any time.
        {primary
          ? " Another saved card becomes your primary card and pays for your next delivery."
          : ""}
      </p>
      <div className="dash-list__actions">
        <CardButton intent="card-remove" cardId={cardId} label={label} variant="primary">
          Yes, remove
        </CardButton>
        <Link to="/dashboard/account#cards" className="button button--quiet">
          Keep this card
        </Link>
      </div>
    </ConfirmStep>
  );
}

export function CardsSection({
  account,
  cardError,
  addCardOpen,
  removing,
  notice,
}: {
  account: AccountView;
  notice: string | null;
  cardError?: { cardId: number; message: string };
  addCardOpen: boolean;
  /** the card whose removal is being confirmed */
  removing: number | null;
}) {
  const id = ACCOUNT_FORMS.addCard;
  const freshKey = useFreshFormKey();
  const action = usePostTo(id);
  return (
    <section className="card dash-panel" aria-labelledby="account-cards-title" id="cards">
      <div className="card__body">
        {/* tabIndex: where focus goes once a removed card's confirmation is gone (ConfirmStep) */}
        <h2 id="account-cards-title" className="dash-panel__title" tabIndex={-1}>
          Saved cards
        </h2>
        <SavedNotice message={notice} />
        <p className="dash-panel__intro">
          Your primary card pays for each delivery at its change cut-off. We keep only the brand,
          the last four digits and the expiry.
        </p>
        {account.cards.length === 0 ? (
          <p>You have no saved cards.</p>
        ) : (
          <ul className="dash-list" role="list">
            {account.cards.map((c) => {
              const label = cardLabel(c, account.cards);
              return (
                <li key={c.id} className="dash-list__item" aria-label={label} id={`card-${c.id}`}>
                  <div className="dash-list__main">
                    <p className="dash-list__title">{label}</p>
                    <p className="dash-list__meta">
                      Expires {two(c.expMonth)}/{String(c.expYear).slice(-2)}
                      {c.primary ? (
                        <span className="badge badge--gum dash-badge">Primary</span>
                      ) : null}
                    </p>
                    {cardError?.cardId === c.id ? (
                      <p className="field__error" role="alert">
                        {cardError.message}
                      </p>
                    ) : null}
                    {!c.removable ? (
                      <p className="field__hint">
                        Your subscription needs a card: add another before removing this one.
                      </p>
                    ) : null}
                  </div>
                  {c.removable && removing === c.id ? (
                    <RemoveCardConfirm cardId={c.id} label={label} primary={c.primary} />
                  ) : (
                    <div className="dash-list__actions">
                      {!c.primary ? (
                        <CardButton
                          intent="card-primary"
                          cardId={c.id}
                          label={label}
                          variant="secondary"
                        >
                          Make primary
                        </CardButton>
                      ) : null}
                      {c.removable ? (
                        <Link
                          to={`/dashboard/account?remove=${c.id}#card-${c.id}`}
                          className="button button--quiet"
                        >
                          Remove<span className="visually-hidden"> {label}</span>
                        </Link>
                      ) : null}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <details className="dash-details" open={addCardOpen || account.cards.length === 0}>
          <summary>Add a card</summary>
          <ValidatedForm
            key={freshKey}
            id={id}
            method="post"
            action={action}
            validator={accountFormValidators.addCard}
            noValidate
            className="form dash-details__body"
          >
            <CsrfInput />
            <FocusFirstError formId={id} />
            <input type="hidden" name="intent" value="card-add" />
            <CardFields formId={id} savedCards={[]} defaultChoice={NEW_CARD} legend="New card" />
            {account.cards.length ? (
              <CheckboxField name="makePrimary" label="Make this my primary card" />
            ) : null}
            <FormSubmit variant="primary">Save card</FormSubmit>
          </ValidatedForm>
        </details>
      </div>
    </section>
  );
}

/** In use by a live subscription or an order still to come: it stays until that changes. */
const removable = (a: AddressView) => a.usedBy.length === 0 && a.comingOrders.length === 0;

function formatAddress(a: AddressView) {
  return [
    a.company,
    a.line2 ? `${a.line2}, ${a.line1}` : a.line1,
    `${a.city} ${a.state} ${a.postcode}`,
  ].filter(Boolean) as string[];
}

/** The one confirmation before an address goes (?removeAddress={id}), like a card's. */
function RemoveAddressConfirm({ address }: { address: AddressView }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "address-remove";
  return (
    <ConfirmStep titleId={`remove-address-${address.id}-title`} title={`Remove ${address.line1}?`}>
      <p>We take it off your account. Invoices of orders delivered there still show it.</p>
      <div className="dash-list__actions">
        <Form
          method="post"
          action={`/dashboard/account#address-${address.id}`}
          className="dash-inline-form"
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="address-remove" />
          <input type="hidden" name="addressId" value={address.id} />
          <SubmitButton variant="primary" pending={pending}>
            Yes, remove<span className="visually-hidden"> {address.line1}</span>
          </SubmitButton>
        </Form>
        <Link to={`/dashboard/account#address-${address.id}`} className="button button--quiet">
          Keep this address
        </Link>
      </div>
    </ConfirmStep>
  );
}

export function AddressesSection({
  account,
  editing,
  removing,
  addressError,
  addAddressOpen,
  notice,
}: {
  account: AccountView;
  editing: AddressView | null;
  /** the address whose removal is being confirmed */
  removing: number | null;
  addressError?: { addressId: number; message: string };
  addAddressOpen: boolean;
  notice: string | null;
}) {
  const id = ACCOUNT_FORMS.address;
  const editAction = usePostTo(`address-${editing?.id}`);
  return (
    <section className="card dash-panel" aria-labelledby="account-addresses-title" id="addresses">
      <div className="card__body">
        {/* tabIndex: where focus goes once a removed address's confirmation is gone (ConfirmStep) */}
        <h2 id="account-addresses-title" className="dash-panel__title" tabIndex={-1}>
          Addresses on file
        </h2>
        <SavedNotice message={notice} />
        {account.addresses.length === 0 ? (
          <p>No addresses yet. Your delivery address is saved when you order your first box.</p>
        ) : (
          <ul className="dash-list" role="list">
            {account.addresses.map((a) => (
              <li
                key={a.id}
                className="dash-list__item"
                aria-label={`${a.kind === "shipping" ? "Delivery" : "Billing"} address ${a.line1}`}
                id={`address-${a.id}`}
              >
                {editing?.id === a.id ? (
                  <ValidatedForm
                    id={id}
                    method="post"
                    action={editAction}
                    validator={accountFormValidators.address}
                    noValidate
                    className="form dash-list__main"
                    defaultValues={
                      {
                        addressId: String(a.id),
                        address: {
                          addressType: a.addressType,
                          line1: a.line1,
                          line2: a.line2 ?? "",
                          company: a.company ?? "",
                          city: a.city,
                          state: a.state,
                          postcode: a.postcode,
                        },
                      } as never
                    }
                  >
                    <CsrfInput />
                    <FocusFirstError formId={id} />
                    <input type="hidden" name="intent" value="address" />
                    <input type="hidden" name="addressId" value={a.id} />
                    <AddressFields
                      prefix="address"
                      legend={`Edit ${a.kind === "shipping" ? "delivery" : "billing"} address`}
                      autoCompleteSection={a.kind === "shipping" ? "shipping" : "billing"}
                    />
                    <div className="dash-actions">
                      <FormSubmit variant="primary">Save address</FormSubmit>
                      <Link to="/dashboard/account#addresses" className="button button--quiet">
                        Cancel
                      </Link>
                    </div>
                  </ValidatedForm>
                ) : (
                  <>
                    <div className="dash-list__main">
                      <p className="dash-list__title">
                        {a.kind === "shipping" ? "Delivery address" : "Billing address"}{" "}
                        <span className="dash-list__type">· {TYPE_LABEL[a.addressType]}</span>
                      </p>
                      <address className="dash-address">
                        {formatAddress(a).map((line) => (
                          <span key={line}>{line}</span>
                        ))}
                      </address>
                      {a.usedBy.length ? (
                        <p className="field__hint">Used by {a.usedBy.join(", ")}</p>
                      ) : null}
                      {a.comingOrders.length ? (
                        <p className="field__hint">
                          Order {a.comingOrders.join(", ")} is on its way here.
                        </p>
                      ) : null}
                      {addressError?.addressId === a.id ? (
                        <p className="field__error" role="alert">
                          {addressError.message}
                        </p>
                      ) : null}
                    </div>
                    {removing === a.id && removable(a) ? (
                      <RemoveAddressConfirm address={a} />
                    ) : (
                      <div className="dash-list__actions">
                        <Link
                          to={`/dashboard/account?address=${a.id}#addresses`}
                          className="button button--secondary"
                        >
                          Edit<span className="visually-hidden"> address {a.line1}</span>
                        </Link>
                        {removable(a) ? (
                          <Link
                            to={`/dashboard/account?removeAddress=${a.id}#address-${a.id}`}
                            className="button button--quiet"
                          >
                            Remove<span className="visually-hidden"> address {a.line1}</span>
                          </Link>
                        ) : null}
                      </div>
                    )}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        <AddAddressForm open={addAddressOpen} />
      </div>
    </section>
  );
}

/** A new delivery address; moving a subscription to it is the change page's (it can change the delivery area and days). */
function AddAddressForm({ open }: { open: boolean }) {
  const id = ACCOUNT_FORMS.addAddress;
  const freshKey = useFreshFormKey();
  const action = usePostTo(id);
  return (
    <details className="dash-details" open={open}>
      <summary>Add a delivery address</summary>
      <ValidatedForm
        key={freshKey}
        id={id}
        method="post"
        action={action}
        validator={accountFormValidators.addAddress}
        noValidate
        className="form dash-details__body"
      >
        <CsrfInput />
        <FocusFirstError formId={id} />
        <input type="hidden" name="intent" value="address-add" />
        <AddressFields
          prefix="address"
          legend="New delivery address"
          autoCompleteSection="shipping"
        />
        <FormSubmit variant="primary">Add address</FormSubmit>
      </ValidatedForm>
    </details>
  );
}
