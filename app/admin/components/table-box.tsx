// A back-office table's scrolling box: it scrolls sideways on a phone, so it takes focus (keyboard
// users can scroll it) and is a region named like its table.
import type { ReactNode } from "react";

export function TableBox({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`admin-table-wrap${className ? ` ${className}` : ""}`}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </div>
  );
}
