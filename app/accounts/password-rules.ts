// Password limits without zod, so pages can show them without loading the schemas.
export const PASSWORD_MISMATCH_MESSAGE = "Password do not match";
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
