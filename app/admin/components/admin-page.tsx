// The frame of every back-office page: its heading, an optional lead and actions, then the content.
import type { ReactNode } from "react";

export function AdminPage({
  title,
  lead,
  actions,
  children,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <div>
          <h1 className="admin-page__title">{title}</h1>
          {lead ? <p className="admin-page__lead">{lead}</p> : null}
        </div>
        {actions ? <div className="admin-page__actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** A list that has nothing to show: says so instead of an empty table. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="admin-empty">{children}</p>;
}
