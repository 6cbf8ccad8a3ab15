import type { QA } from "../types";
import { SanitisedHtml } from "./html";

/** Questions as <details> accordions: they open and close without JavaScript. */
export function FaqList({ items }: { items: QA[] }) {
  return (
    <div className="faq-list">
      {items.map((item) => (
        <details className="faq-item" key={item.question}>
          <summary className="faq-item__question">{item.question}</summary>
          <SanitisedHtml className="faq-item__answer prose" html={item.answer} />
        </details>
      ))}
    </div>
  );
}
