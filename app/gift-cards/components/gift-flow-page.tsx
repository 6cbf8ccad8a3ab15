// The frame of the gift-card purchase steps after the amount: progress
// (Amount, Personalise, Payment), heading, content and an aside (preview or summary).
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

const STEPS = [
  { key: "amount", label: "Amount", to: "/gift-cards/give" },
  { key: "personalise", label: "Personalise", to: "/gift-cards/personalise" },
  { key: "payment", label: "Payment", to: "/gift-cards/checkout" },
] as const;

export function GiftFlowPage({
  step,
  title,
  intro,
  children,
  aside,
}: {
  step: (typeof STEPS)[number]["key"];
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const current = STEPS.findIndex((s) => s.key === step);
  return (
    <div className="container gift-flow">
      <nav aria-label="Gift card steps" className="gift-steps">
        <ol role="list">
          {STEPS.map((s, i) => (
            <li
              key={s.key}
              className={`gift-steps__step${i < current ? " is-done" : ""}${i === current ? " is-current" : ""}`}
            >
              <span className="gift-steps__n" aria-hidden="true">
                {i + 1}
              </span>
              {i < current ? (
                <Link to={s.to}>{s.label}</Link>
              ) : (
                <span aria-current={i === current ? "step" : undefined}>{s.label}</span>
              )}
              {i === current ? <span className="visually-hidden"> (current step)</span> : null}
            </li>
          ))}
        </ol>
      </nav>
      <div className={aside ? "gift-flow__grid" : undefined}>
        <div className="gift-flow__main">
          <header className="gift-flow__header">
            <p className="eyebrow">Gift cards</p>
            <h1 className="gift-flow__title">{title}</h1>
            {intro ? <div className="gift-flow__intro">{intro}</div> : null}
          </header>
          {children}
        </div>
        {aside ? <aside className="gift-flow__aside">{aside}</aside> : null}
      </div>
    </div>
  );
}
