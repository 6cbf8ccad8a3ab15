// /dashboard/account: name, phone, consents, password, saved cards (removing
// one asks once: ?remove={card id}), the addresses on file (removing one asks
// once: ?removeAddress={address id}) and a new delivery address. One action, one `intent` per
// form, each run by its own function (app/accounts/account-actions.server.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ACCOUNT_FORMS } from "~/accounts/account-form-validators";
import {
  accountAction,
  notFound,
  rowId,
  savedNotice,
  type SavedNotice,
} from "~/accounts/account-actions.server";
import { getAccount, getAddress } from "~/accounts/account.server";
import { AddressesSection } from "~/accounts/components/account-addresses";
import {
  CardsSection,
  PasswordSection,
  ProfileSection,
} from "~/accounts/components/account-sections";
import { requireUser } from "~/accounts/session.server";
import { BRAND } from "~/config";
import { readForm } from "~/security/csrf.server";
import { pageMeta } from "~/utils/meta";
import dashboardHref from "~/styles/dashboard.css";
import { loaderAndActionHeaders } from "~/http/route-headers";

export const meta: MetaFunction = () =>
  pageMeta("My account", `Your ${BRAND.name} details, password, cards and addresses.`);

export const links = () => [{ rel: "stylesheet", href: dashboardHref }];

// the loader's no-store reaches the response
export const headers = loaderAndActionHeaders;

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
      saved: savedNotice(saved),
      addCardOpen: params.get("card") === "new",
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  return accountAction({ user, formData, request, context });
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
  const notice = (section: SavedNotice["section"]) =>
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
