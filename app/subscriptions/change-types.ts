// What the subscriber area's changes answer (./changes.server.ts, ./next-box.server.ts,
// ./delivery-changes.server.ts): the owner scope, the options, the result and the two refusals.
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import type { Actor, WithinChange } from "./deliveries.server";

export class SubscriptionNotFoundError extends Error {
  constructor() {
    super("Subscription not found");
    this.name = "SubscriptionNotFoundError";
  }
}

/** A change that cannot be made: after the cut-off (`cutoff_passed`), or not in this state (`not_allowed`). */
export class ChangeRefusedError extends Error {
  constructor(
    message: string,
    readonly reason: "cutoff_passed" | "not_allowed",
    /** the next delivery that can still be changed, and until when (ISO) */
    readonly nextChangeable: { date: string; cutoffAt: string } | null = null,
  ) {
    super(message);
    this.name = "ChangeRefusedError";
  }
}

export type Scope = { subscriptionId: number; userId: number };
export type ChangeOptions = {
  origin: string;
  now?: Date;
  actor?: Actor;
  db?: Kysely<DB>;
  /** runs in the change's transaction after it is made (not for an answer of an earlier change) */
  within?: WithinChange;
};
export type ChangeResult = { reference: string; already: boolean; lockedDate: string | null };
