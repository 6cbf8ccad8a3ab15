// A post's state for staff: draft, scheduled (published, its date to come) or live.
export function postState(
  status: string,
  publishedAt: string | null,
  now: string,
): "draft" | "scheduled" | "live" {
  if (status !== "published" || !publishedAt) return "draft";
  return publishedAt > now ? "scheduled" : "live";
}

export function PostStatusBadge({
  status,
  publishedAt,
  now,
}: {
  status: string;
  publishedAt: string | null;
  now: string;
}) {
  const state = postState(status, publishedAt, now);
  const [label, tone] =
    state === "draft"
      ? ["Draft", "warn"]
      : state === "scheduled"
        ? ["Scheduled", "info"]
        : ["Published", "good"];
  return <span className={`status status--${tone}`}>{label}</span>;
}
