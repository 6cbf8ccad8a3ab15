// What the pay-an-order action answers and its form shows: a data type, so the page service needs no UI module.

export type PayActionData = {
  fieldErrors: Record<string, string>;
  formId: string;
  repopulateFields: Record<string, unknown>;
  dialog?: { title: string; message: string; link?: { href: string; label: string } };
  addressDoubt?: { key: string; message: string };
  /** the key for the next try (a declined key keeps its answer) */
  idempotencyKey: string;
  /** what the page shows is out of date (the total moved, the delivery passed): load it again */
  reload?: boolean;
};
