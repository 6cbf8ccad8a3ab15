// The staff pages' shared bits (issue 44).
import type { StaffStatus } from "./staff.server";

export const staffPath = (id: number) => `/admin/staff/${id}`;

export const STATUS_LABELS: Record<StaffStatus, string> = {
  enabled: "Enabled",
  disabled: "Disabled",
  invited: "Invited",
};

export function StaffStatusBadge({ status }: { status: StaffStatus }) {
  const tone = status === "enabled" ? " badge--gum" : status === "invited" ? " badge--tide" : "";
  return <span className={`badge${tone}`}>{STATUS_LABELS[status]}</span>;
}
