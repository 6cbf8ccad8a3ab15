// A staff session's clocks (issue 36, decision 052): pure, so the cleanup job reads the same numbers.
export const STAFF_IDLE_MINUTES = 30;
export const STAFF_MAX_HOURS = 12;
/** the code step must follow the password step within this time */
export const SECOND_STEP_MINUTES = 10;
