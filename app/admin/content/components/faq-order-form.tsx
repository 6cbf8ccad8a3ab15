// The FAQ list's one form (issue 37): every item's order number by section, saved together. A bad
// number shows under its field, with what was typed kept, with and without JavaScript.
import { Link } from "@remix-run/react";
import { ValidatedForm } from "~/components/validated-form";
import { EmptyState } from "~/admin/components/admin-page";
import { TableBox } from "~/admin/components/table-box";
import { CsrfInput } from "~/components/csrf-input";
import { FieldShell, FocusFirstError, FormSubmit, useFormField } from "~/components/forms";
import { FAQ_ORDER_FORM_ID, faqOrderFormValidator, faqOrderName } from "../form-validators";

type FaqOrderItem = { id: number; question: string; sortOrder: number };

export type FaqOrderGroup = { category: string; label: string; items: FaqOrderItem[] };

/** An item's order number; its label, read by screen readers only, names the question. */
function OrderField({ item }: { item: FaqOrderItem }) {
  const name = faqOrderName(item.id);
  // read from the enclosing form: with a formId, the hook would not see its default values
  const { error, getInputProps } = useFormField(name);
  const label = <span className="visually-hidden">Order of “{item.question}”</span>;
  return (
    <FieldShell
      {...{ name, label, error }}
      formId={FAQ_ORDER_FORM_ID}
      className="content-faq-order-field"
    >
      {({ id, ...aria }) => (
        <input
          {...getInputProps({ id, inputMode: "numeric", autoComplete: "off" })}
          className="field__input content-faq-order"
          {...aria}
        />
      )}
    </FieldShell>
  );
}

function FaqSection({ group }: { group: FaqOrderGroup }) {
  return (
    <section className="admin-section" aria-labelledby={`faq-${group.category}`}>
      <h2 id={`faq-${group.category}`}>{group.label}</h2>
      {group.items.length ? (
        <TableBox label={`${group.label} questions`}>
          <table className="admin-table">
            <caption>{group.label} questions, in order</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Question</th>
              </tr>
            </thead>
            <tbody>
              {group.items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <OrderField item={item} />
                  </td>
                  <th scope="row">
                    <Link to={`/admin/content/faq/${item.id}`}>{item.question}</Link>
                  </th>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      ) : (
        <EmptyState>No questions in this section.</EmptyState>
      )}
    </section>
  );
}

export function FaqOrderForm({ groups }: { groups: FaqOrderGroup[] }) {
  const defaultValues = Object.fromEntries(
    groups.flatMap((g) => g.items.map((i) => [faqOrderName(i.id), String(i.sortOrder)])),
  );
  return (
    <ValidatedForm
      validator={faqOrderFormValidator}
      method="post"
      id={FAQ_ORDER_FORM_ID}
      noValidate
      defaultValues={defaultValues as never}
    >
      <CsrfInput />
      <FocusFirstError formId={FAQ_ORDER_FORM_ID} />
      {groups.map((g) => (
        <FaqSection key={g.category} group={g} />
      ))}
      <FormSubmit formId={FAQ_ORDER_FORM_ID}>Save the order</FormSubmit>
    </ValidatedForm>
  );
}
