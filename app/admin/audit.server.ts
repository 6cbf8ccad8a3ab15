// The audit writer moved to app/staff/audit.server.ts (decision 079): the refund settlement job,
// outside the back office, writes entries too. Back-office modules may import either path.
export { audit, writeAudit, type AuditChange } from "~/staff/audit.server";
