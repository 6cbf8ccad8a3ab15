// The sections of /dashboard/account. Each form has its own id and `intent`;
// without JS each is a plain post answered with a redirect (PRG) and a
// ?saved= notice, with JS the same forms submit through ValidatedForm or a
// fetcher and show a pending state. Fields inside a ValidatedForm get no
// formId prop: they read the enclosing form's defaults and errors.
import { Link, useFetcher } from "@remix-run/react";
import { ValidatedForm } from "~/components/validated-form";
import { ConfirmStep } from "~/components/confirm-step";
import { CsrfInput } from "~/components/csrf-input";
import {
  CheckboxField,
  FocusFirstError,
  FormSubmit,
  SubmitButton,
  TextField,
} from "~/components/forms";
import {
  AccountPanel,
  AddForm,
  RowError,
  useFreshFormKey,
  usePostTo,
} from "./account-section-parts";
import { CardFields } from "~/payments/components/card-fields";
import { NEW_CARD } from "~/payments/card-rules";
import { ACCOUNT_FORMS, accountFormValidators } from "../account-form-validators";
import type { AccountView } from "../account.server";
import { NewPasswordFields } from "./new-password-fields";

const two = (n: number) => String(n).padStart(2, "0");

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
    <AccountPanel titleId={`${id}-title`} title="Your details" notice={notice}>
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
          <TextField name="firstName" label="First name" autoComplete="given-name" maxLength={80} />
          <TextField name="lastName" label="Last name" autoComplete="family-name" maxLength={80} />
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
    </AccountPanel>
  );
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
    <AccountPanel
      titleId={`${id}-title`}
      title={hasPassword ? "Change your password" : "Choose a password"}
      notice={notice}
    >
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
    </AccountPanel>
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
      <RowError message={error} />
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
  return (
    <AccountPanel titleId="account-cards-title" title="Saved cards" id="cards" notice={notice}>
      <p className="dash-panel__intro">
        Your primary card pays for each delivery at its change cut-off. We keep only the brand, the
        last four digits and the expiry.
      </p>
      {account.cards.length === 0 ? (
        <p>You have no saved cards.</p>
      ) : (
        <ul className="dash-list" role="list">
          {account.cards.map((c) => (
            <CardItem
              key={c.id}
              card={c}
              label={cardLabel(c, account.cards)}
              error={cardError?.cardId === c.id ? cardError.message : null}
              confirmRemove={removing === c.id}
            />
          ))}
        </ul>
      )}
      <AddCardForm
        open={addCardOpen || account.cards.length === 0}
        hasCards={account.cards.length > 0}
      />
    </AccountPanel>
  );
}

/** One saved card: its label and expiry, and its buttons or the one confirmation before it goes. */
function CardItem({
  card: c,
  label,
  error,
  confirmRemove,
}: {
  card: AccountView["cards"][number];
  label: string;
  error: string | null;
  confirmRemove: boolean;
}) {
  return (
    <li className="dash-list__item" aria-label={label} id={`card-${c.id}`}>
      <div className="dash-list__main">
        <p className="dash-list__title">{label}</p>
        <p className="dash-list__meta">
          Expires {two(c.expMonth)}/{String(c.expYear).slice(-2)}
          {c.primary ? <span className="badge badge--gum dash-badge">Primary</span> : null}
        </p>
        <RowError message={error} />
        {!c.removable ? (
          <p className="field__hint">
            Your subscription needs a card: add another before removing this one.
          </p>
        ) : null}
      </div>
      {c.removable && confirmRemove ? (
        <RemoveCardConfirm cardId={c.id} label={label} primary={c.primary} />
      ) : (
        <div className="dash-list__actions">
          {!c.primary ? (
            <CardButton intent="card-primary" cardId={c.id} label={label} variant="secondary">
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
}

/** A new card; the first one saved is the primary card. */
function AddCardForm({ open, hasCards }: { open: boolean; hasCards: boolean }) {
  const id = ACCOUNT_FORMS.addCard;
  return (
    <AddForm
      summary="Add a card"
      formId={id}
      intent="card-add"
      validator={accountFormValidators.addCard}
      open={open}
    >
      <CardFields formId={id} savedCards={[]} defaultChoice={NEW_CARD} legend="New card" />
      {hasCards ? <CheckboxField name="makePrimary" label="Make this my primary card" /> : null}
      <FormSubmit variant="primary">Save card</FormSubmit>
    </AddForm>
  );
}
