// The functions over 80 lines and modules over 600 that tests/unit/code-size.test.ts lets through,
// each with its reason. Sorted by path; one line each, so branches that shrink it merge cleanly.

export const FUNCTION_EXCEPTIONS: Record<string, string> = {};

export const MODULE_EXCEPTIONS: Record<string, string> = {};
