// The shop's ValidatedForm: remix-validated-form's own, plus what its fields show before hydration,
// worked out on the server without the library's store (decision 096).
//
// On the server a form renders once and nothing subscribes to anything, yet the library's useField
// makes about ten zustand subscriptions a field (useSyncExternalStore, remeda, lodash.get) to read
// values its store cannot have there: every form's store is empty until an effect runs in the
// browser. That was about 8% of the CPU of a page like pay-an-order. Before hydration the library
// shows, for each field, the action's repopulated value, else the form's `defaultValues`, else
// the loader's `setFormDefaults`, and the action's error for the field: `useServerField` reads the
// same, by the same rules (./server-fields.server.tsx, which the browser's bundle leaves out). In
// the browser every hook is the library's.
import { ValidatedForm as LibraryValidatedForm } from "remix-validated-form";
// empty in the browser's bundle
import { ValidatedFormOnServer } from "./server-fields.server";

/** True in the server's render, where no effect runs and no store is ever filled. */
export const RENDERS_ON_SERVER = typeof document === "undefined";

/**
 * remix-validated-form's ValidatedForm; in the server's render, inside a provider that tells its
 * fields the form's props. A provider with one child starts no branch of React's id tree, so the
 * ids `useId` gives the fields are the same on both sides (tests/unit/form-server-field.test.tsx).
 */
export const ValidatedForm: typeof LibraryValidatedForm = RENDERS_ON_SERVER
  ? ValidatedFormOnServer
  : LibraryValidatedForm;
