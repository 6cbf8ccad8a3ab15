import { Link } from "@remix-run/react";
import { Glyph } from "~/components/glyph";
import { indicatorSteps, STEP_INDEX, type FlowStep } from "../steps";

/** The flow's progress: Your box, Box size, Items or Addons, Checkout. Done steps link back. */
export function StepIndicator({
  current,
  customizable,
}: {
  current: Exclude<FlowStep, "get-started">;
  customizable: boolean;
}) {
  const steps = indicatorSteps(current, customizable);
  const n = STEP_INDEX[current];
  return (
    <nav className="steps" aria-label="Progress">
      <ol className="steps__list" role="list">
        {steps.map((s) => {
          const state = s.index < n ? "done" : s.index === n ? "current" : "todo";
          const body = (
            <>
              <span className="steps__number" aria-hidden="true">
                {state === "done" ? <Glyph mark="check" /> : s.index}
              </span>
              <span className="steps__label">
                {state === "current" ? (
                  <span className="visually-hidden">
                    Step {n} of {steps.length}:{" "}
                  </span>
                ) : null}
                {s.label}
                {state === "done" ? <span className="visually-hidden"> (completed)</span> : null}
              </span>
            </>
          );
          return (
            <li
              key={s.index}
              className={`steps__item steps__item--${state}`}
              aria-current={state === "current" ? "step" : undefined}
            >
              {state === "done" ? (
                <Link to={s.href} className="steps__link">
                  {body}
                </Link>
              ) : (
                <span className="steps__link">{body}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
