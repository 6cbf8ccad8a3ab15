import { CsrfInput } from "~/components/csrf-input";
import { ProductCard, STEPPER_FORM_ID, type StepperResult } from "./product-card";

import type { ListingGroup } from "../listing";

export type { ListingGroup };

/** A row of anchor links to each category (section ids are the category names). */
export function CategoryLinks({ groups, label }: { groups: ListingGroup[]; label: string }) {
  return (
    <nav className="category-links" aria-label={label}>
      <ul role="list">
        {groups.map((g) => (
          <li key={g.id}>
            <a href={`#${g.name}`}>{g.name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One section per category, its products as cards with steppers. */
export function ProductSections({
  groups,
  quantities,
  action,
  showPrice,
  onResult,
  refusal,
  keyPrefix,
}: {
  groups: ListingGroup[];
  quantities: Record<number, number>;
  action: string;
  showPrice: boolean;
  onResult?: (r: StepperResult) => void;
  /** a no-JS refusal: its message shows on the card it concerns */
  refusal?: { productId: number | null; error: string } | null;
  keyPrefix: string | number;
}) {
  return (
    <>
      {/* every card's buttons submit this form (form="stepper-form") */}
      <form id={STEPPER_FORM_ID} method="post" action={action} hidden>
        <CsrfInput />
      </form>
      {groups.map((g) => (
        <section
          key={g.id}
          id={g.name}
          className="product-section"
          aria-labelledby={`section-${g.id}`}
        >
          <h2 className="product-section__title" id={`section-${g.id}`}>
            {g.name}
          </h2>
          <div className="product-grid">
            {g.products.map((p) => (
              <ProductCard
                key={`${keyPrefix}-${p.id}`}
                product={p}
                quantity={quantities[p.id] ?? 0}
                showPrice={showPrice}
                action={action}
                onResult={onResult}
                error={refusal?.productId === p.id ? refusal.error : null}
              />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
