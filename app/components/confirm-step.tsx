import { useEffect, useRef, type ReactNode } from "react";

/**
 * The one confirmation a destructive step asks (remove a card, cancel a subscription). It replaces
 * the link that opened it, so with JS focus would fall to <body>: it takes focus as it mounts, and a
 * screen reader announces its title. Without JS the link's #anchor brings it into view.
 */
export function ConfirmStep({ titleId, title, titleAs: Title = "p", children }: {
  titleId: string;
  title: ReactNode;
  /** a heading where the page's outline has a level for it */
  titleAs?: "p" | "h3" | "h4";
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="dash-confirm" role="group" aria-labelledby={titleId} tabIndex={-1}>
      <Title id={titleId} className="dash-confirm__title">{title}</Title>
      {children}
    </div>
  );
}
