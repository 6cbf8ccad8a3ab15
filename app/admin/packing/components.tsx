// The parts of the packing-day pages: the pick list, an order's packing state, the packing slips
// and the "Print all slips" control (a button with JavaScript, a link to the slips' own page without).
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formatStaffDay } from "~/admin/format";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import type { SlipView } from "./packing-day.server";
import type { PackingState } from "./packing-state";
import type { PickList } from "./pick-list";
import { NoValue } from "~/admin/components/no-value";
import { TableBox } from "~/admin/components/table-box";
import { ROW_MARKUP, StaticMarkup } from "~/components/layout/static-markup";

export const STATE_LABEL: Record<PackingState, string> = {
  unpaid: "Unpaid",
  failed: "Payment failed",
  paid: "Paid, to pack",
  packed: "Packed",
  dispatched: "Dispatched",
};
const STATE_TONE: Record<PackingState, string> = {
  unpaid: "bad",
  failed: "bad",
  paid: "info",
  packed: "warn",
  dispatched: "good",
};

export function PackingStateBadge({ state }: { state: PackingState }) {
  return <span className={`status status--${STATE_TONE[state]}`}>{STATE_LABEL[state]}</span>;
}

export const slipsPath = (date: string) => `/admin/deliveries/${date}/slips`;
export const manifestPath = (date: string) => `/admin/deliveries/${date}/manifest.csv`;

export function PickListTable({ date, pickList }: { date: string; pickList: PickList }) {
  if (!pickList.rows.length)
    return <p className="admin-empty">No paid orders on this day yet: nothing to pick.</p>;
  return (
    <TableBox
      label={`Pick list for ${formatStaffDay(date)}: paid orders, boxes and add-ons together`}
    >
      <table className="admin-table packing-pick">
        <caption>
          Pick list for {formatStaffDay(date)}: paid orders, boxes and add-ons together
        </caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            {pickList.regions.map((r) => (
              <th scope="col" className="num" key={r}>
                {r}
              </th>
            ))}
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {pickList.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                {row.name}
                {row.unit ? <span className="packing-pick__unit"> ({row.unit})</span> : null}
              </th>
              {row.byRegion.map((n, i) => (
                <td className="num" key={pickList.regions[i]}>
                  {n || <NoValue />}
                </td>
              ))}
              <td className="num">
                <strong>{row.total}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

/** "Print all slips": window.print() once JavaScript runs; before that (or without it) a link to the slips' page. */
export function PrintSlipsButton({ date, onSlipsPage }: { date: string; onSlipsPage?: boolean }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (hydrated)
    return (
      <button type="button" className="button button--primary" onClick={() => window.print()}>
        Print all slips
      </button>
    );
  if (onSlipsPage)
    return (
      <p className="packing-print-hint">
        To print the slips, use your browser&rsquo;s Print command (Ctrl+P, or ⌘P on a Mac): each
        slip prints on its own page.
      </p>
    );
  return (
    <Link to={slipsPath(date)} className="button button--primary">
      Print all slips
    </Link>
  );
}

/**
 * One printed page per paid order: who, where, when, notes, what goes in, and the knife check. A busy
 * day has hundreds: the server renders each slip's HTML once and keeps it while the slip is the same
 * (StaticMarkup; the page is reloaded after every order marked, its slips unchanged).
 */
export function PackingSlips({ date, slips }: { date: string; slips: SlipView[] }) {
  if (!slips.length) return <p className="admin-empty">No paid orders on this day: no slips.</p>;
  // formatted once: a busy day has hundreds of slips
  const day = formatStaffDay(date);
  return (
    <div className="packing-slips">
      {slips.map((s) => (
        <StaticMarkup
          key={s.id}
          as="article"
          props={{ className: "packing-slip", "aria-labelledby": `slip-${s.id}` }}
          markupKey={slipMarkupKey(day, s)}
        >
          <SlipContent day={day} s={s} />
        </StaticMarkup>
      ))}
    </div>
  );
}

/** Every value a slip is rendered from, as StaticMarkup's key. */
const slipMarkupKey = (day: string, s: SlipView) =>
  `${ROW_MARKUP}slip:${JSON.stringify([
    day,
    s.id,
    s.reference,
    s.region,
    s.name,
    s.line1,
    s.line2,
    s.suburb,
    s.state,
    s.postcode,
    s.window,
    s.notes,
    s.hasKnife,
    s.lines.map((l) => [l.kind, l.name, l.quantity]),
  ])}`;

/** A slip's contents (no hooks or context: StaticMarkup renders it apart from the page). */
function SlipContent({ day, s }: { day: string; s: SlipView }) {
  return (
    <>
      <header className="packing-slip__head">
        <h3 id={`slip-${s.id}`}>
          <span className="visually-hidden">Packing slip for order </span>
          {s.reference}
        </h3>
        <p className="packing-slip__day">
          {day}
          {s.region ? ` · ${s.region}` : null}
        </p>
      </header>
      <dl className="admin-facts packing-slip__facts">
        <dt>Name</dt>
        <dd>{s.name}</dd>
        <dt>Delivery address</dt>
        <dd>
          {s.line1 ? (
            <>
              {s.line2 ? (
                <>
                  {s.line2}
                  <br />
                </>
              ) : null}
              {s.line1}
              <br />
              {s.suburb} {s.state} {s.postcode}
            </>
          ) : (
            "No address on the order"
          )}
        </dd>
        <dt>Window</dt>
        <dd>{s.window ?? "Not chosen"}</dd>
        <dt>Delivery notes</dt>
        <dd>{s.notes?.trim() ? s.notes : "None"}</dd>
      </dl>
      {s.hasKnife ? <p className="packing-slip__knife">knife: check 18+ ID</p> : null}
      <table className="admin-table packing-slip__items">
        <caption className="visually-hidden">Items in order {s.reference}</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Quantity
            </th>
          </tr>
        </thead>
        <tbody>
          {s.lines.map((l, i) => (
            <tr key={i} className={`packing-slip__line packing-slip__line--${l.kind}`}>
              <th scope="row">{l.name}</th>
              <td className="num">{l.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** A packing-day button: its own form (intent, and the order's reference for one order), pending while it posts. */
export function MarkButton({
  intent,
  reference,
  label,
  hiddenLabel,
  primary,
}: {
  intent: "pack" | "dispatch" | "pack_all" | "dispatch_all";
  reference?: string;
  label: string;
  /** said after the label to screen readers: which order */
  hiddenLabel?: string;
  primary?: boolean;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (navigation.formData?.get("reference") ?? undefined) === reference;
  return (
    <Form method="post" className="admin-inline-form">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {reference ? <input type="hidden" name="reference" value={reference} /> : null}
      <SubmitButton
        variant={primary ? "primary" : "secondary"}
        className="packing-mark"
        pending={pending}
        onClick={(e) => {
          if (pending) e.preventDefault();
        }}
      >
        {label}
        {hiddenLabel ? <span className="visually-hidden"> {hiddenLabel}</span> : null}
      </SubmitButton>
    </Form>
  );
}
