// The addresses on file of /dashboard/account: edit one (?address={id}), remove one after one
// confirmation (?removeAddress={id}), add a delivery address.
import { Form, Link, useNavigation } from "@remix-run/react";
import { ValidatedForm } from "~/components/validated-form";
import { AddressFields } from "~/addresses/components/address-fields";
import { ConfirmStep } from "~/components/confirm-step";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError, FormSubmit, SubmitButton } from "~/components/forms";
import { ACCOUNT_FORMS, accountFormValidators } from "../account-form-validators";
import type { AccountView, AddressView } from "../account.server";
import { AccountPanel, AddForm, RowError, usePostTo } from "./account-section-parts";

const TYPE_LABEL = { apartment: "Apartment", business: "Business", house: "House" } as const;

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
  return (
    <AccountPanel
      titleId="account-addresses-title"
      title="Addresses on file"
      id="addresses"
      notice={notice}
    >
      {account.addresses.length === 0 ? (
        <p>No addresses yet. Your delivery address is saved when you order your first box.</p>
      ) : (
        <ul className="dash-list" role="list">
          {account.addresses.map((a) => (
            <AddressItem
              key={a.id}
              a={a}
              editing={editing?.id === a.id}
              removing={removing === a.id}
              error={addressError?.addressId === a.id ? addressError.message : null}
            />
          ))}
        </ul>
      )}
      <AddAddressForm open={addAddressOpen} />
    </AccountPanel>
  );
}

/** One address on file: its form while it is edited (?address={id}), else its lines and buttons. */
function AddressItem({
  a,
  editing,
  removing,
  error,
}: {
  a: AddressView;
  editing: boolean;
  removing: boolean;
  error: string | null;
}) {
  return (
    <li
      className="dash-list__item"
      aria-label={`${a.kind === "shipping" ? "Delivery" : "Billing"} address ${a.line1}`}
      id={`address-${a.id}`}
    >
      {editing ? (
        <EditAddressForm a={a} />
      ) : (
        <AddressEntry a={a} removing={removing} error={error} />
      )}
    </li>
  );
}

function EditAddressForm({ a }: { a: AddressView }) {
  const id = ACCOUNT_FORMS.address;
  const editAction = usePostTo(`address-${a.id}`);
  return (
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
  );
}

function AddressEntry({
  a,
  removing,
  error,
}: {
  a: AddressView;
  removing: boolean;
  error: string | null;
}) {
  return (
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
        {a.usedBy.length ? <p className="field__hint">Used by {a.usedBy.join(", ")}</p> : null}
        {a.comingOrders.length ? (
          <p className="field__hint">Order {a.comingOrders.join(", ")} is on its way here.</p>
        ) : null}
        <RowError message={error} />
      </div>
      {removing && removable(a) ? (
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
  );
}

/** A new delivery address; moving a subscription to it is the change page's (it can change the delivery area and days). */
function AddAddressForm({ open }: { open: boolean }) {
  return (
    <AddForm
      summary="Add a delivery address"
      formId={ACCOUNT_FORMS.addAddress}
      intent="address-add"
      validator={accountFormValidators.addAddress}
      open={open}
    >
      <AddressFields
        prefix="address"
        legend="New delivery address"
        autoCompleteSection="shipping"
      />
      <FormSubmit variant="primary">Add address</FormSubmit>
    </AddForm>
  );
}
