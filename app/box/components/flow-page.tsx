import type { ReactNode } from "react";
import { StepIndicator } from "./step-indicator";
import type { FlowStep } from "../steps";

/** The frame of every step after get-started: progress, heading, content and an optional summary aside. */
export function FlowPage({
  step,
  customizable,
  eyebrow,
  title,
  intro,
  children,
  aside,
}: {
  step: Exclude<FlowStep, "get-started">;
  customizable: boolean;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="flow container">
      <StepIndicator current={step} customizable={customizable} />
      <div className={aside ? "flow__grid" : "flow__single"}>
        <div className="flow__main">
          <header className="flow__header">
            {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
            <h1>{title}</h1>
            {intro ? <div className="flow__intro">{intro}</div> : null}
          </header>
          {children}
        </div>
        {aside}
      </div>
    </div>
  );
}
