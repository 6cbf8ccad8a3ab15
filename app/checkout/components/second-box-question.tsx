// Asked of a subscriber who started a box signed out and signed in at checkout
// (decision 039): a plain form, so it works without JS. Asked of few: the checkout
// route loads it only when it is on the page.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";

export default function SecondBoxQuestion({
  current,
}: {
  current: { boxName: string; status: "active" | "paused" };
}) {
  return (
    <section
      className="form-alert form-alert--info checkout__second-box"
      aria-labelledby="second-box-title"
    >
      <h2 id="second-box-title" className="checkout-section__title">
        Is this a second box?
      </h2>
      <p>
        You already have a {current.boxName}
        {current.status === "paused" ? " (paused at the moment)" : ""} coming from us. Would you
        like this box as well, or should it change the one you have?
      </p>
      <Form method="post" className="checkout__second-box-choices">
        <CsrfInput />
        <button type="submit" name="intent" value="second-box" className="button button--primary">
          Add a second box
        </button>
        <button type="submit" name="intent" value="change-box" className="button button--secondary">
          Change my current box
        </button>
      </Form>
      <ul className="checkout__second-box-notes">
        <li>
          <strong>Add a second box:</strong> your {current.boxName} carries on, and this box starts
          as another subscription with its own deliveries and charges.
        </li>
        <li>
          <strong>Change my current box:</strong> we take the cuts and add-ons you picked here to
          your current box, ready to save. Nothing changes until you save it there; its size,
          delivery day and frequency stay as they are (you can change the day and frequency on that
          page too).
        </li>
      </ul>
    </section>
  );
}
