// The optional reasons offered when cancelling (zod-free: the page imports it).
export const CANCEL_REASONS = [
  { value: "too-much", label: "We have too much food" },
  { value: "price", label: "It costs too much" },
  { value: "moving", label: "I'm moving" },
  { value: "quality", label: "I wasn't happy with the quality" },
  { value: "other", label: "Another reason" },
] as const;
