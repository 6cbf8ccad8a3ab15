// The staff page's browser validators, loaded on first use (as the shop's, decision 004).
import { lazyValidator } from "~/utils/lazy-validator";

const schemas = () => import("./staff-schema");

export const inviteStaffFormValidator = lazyValidator(() =>
  schemas().then((s) => s.inviteStaffValidator),
);
export const changeRoleFormValidator = lazyValidator(() =>
  schemas().then((s) => s.changeRoleValidator),
);
