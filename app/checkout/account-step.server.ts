// What the box checkout asks about the account before an order is tied to it
// (issue 33 item 8, decision 039), kept out of the route and of place-order:
//   - a visitor whose e-mail names an account with history proves the e-mail
//     with a code sent to it (or signs in) before the order can be placed on it;
//   - a signed-in subscriber says whether this is a second box or a change to
//     the current one.
// The code field sits inside the checkout form, so confirming it posts (and
// gives back) everything typed, with JS on or off.
import { db } from "~/db/client.server";
import { findUserByEmail } from "~/accounts/auth.server";
import type { Subscription, User } from "~/db/schema";
import type { GuardedFlow } from "~/box/flow.server";
import { EmailCodeSchema, EMAIL_CODE_FIELD } from "~/accounts/email-proof-schema";
import {
  accountToProve,
  liveEmailProof,
  PROOF_MESSAGES,
  PROOF_MINUTES,
  sendEmailProof,
  verifyEmailProof,
} from "~/accounts/email-proof.server";
import { RateLimitedError } from "~/security/rate-limit.server";
import {
  changeCurrentBoxInstead,
  chooseSecondBox,
  secondBoxQuestion,
  SECOND_BOX_NEEDED,
  type CurrentBox,
} from "./second-box.server";

export const PROOF_NEEDED =
  "There's already an account for this e-mail. Enter the code we sent to it (or sign in) before placing your order: nothing was charged.";
export const PROOF_DONE = "Thanks, that's your e-mail confirmed. You can place your order now.";
/** A checkout for the e-mail of a disabled account (a README demo account in production, decision 062). */
export const ACCOUNT_DISABLED =
  "This e-mail's account is closed, so it cannot take an order. Please use another e-mail address, or contact us.";
export const EMAIL_INTENTS = ["email-code", "email-code-resend"] as const;
export const SECOND_BOX_INTENTS = ["second-box", "change-box"] as const;

export type EmailProofView = {
  email: string;
  codeSent: boolean;
  notice: { ok: boolean; message: string } | null;
};
export type AccountStep = { proof: EmailProofView | null; secondBox: CurrentBox | null };
export type AccountStepAnswer =
  | { kind: "redirect"; to: string; setCookie?: string }
  | { kind: "notice"; notice: { ok: boolean; message: string }; status: number; field?: string };

type Actor = {
  session: { id: string };
  user: User | null;
  draft: Pick<Subscription, "id" | "email" | "secondBoxAt">;
};

/** Why the order cannot be placed on `customer` yet, or null. Checked by placeOrder before anything is claimed or charged. */
export async function accountRefusal(actor: Actor, customer: User): Promise<string | null> {
  if (!actor.user && (await accountToProve(actor.session.id, customer))) return PROOF_NEEDED;
  if (await secondBoxQuestion(actor.user, actor.draft)) return SECOND_BOX_NEEDED;
  return null;
}

/** Where "Ok" on a refusal of placeOrder takes the shopper: the code panel for PROOF_NEEDED. */
export function errorFocus(message: string): { focus?: string } {
  return message === PROOF_NEEDED ? { focus: "email-proof" } : {};
}

/** The account the visitor's draft e-mail must prove, or null. */
async function toProve(flow: GuardedFlow) {
  if (flow.user || !flow.session || !flow.draft.email) return null;
  return accountToProve(flow.session.id, (await findUserByEmail(flow.draft.email)) ?? null);
}

/** For the page: the question to ask, if any. The first view sends the first code (later ones only on request). */
export async function accountStepForPage(flow: GuardedFlow): Promise<AccountStep> {
  const secondBox = await secondBoxQuestion(flow.user, flow.draft);
  const account = await toProve(flow);
  if (!account || !flow.session) return { proof: null, secondBox };
  const sessionId = flow.session.id;
  const asked = await db
    .selectFrom("emailProofs")
    .select("id")
    .where("sessionId", "=", sessionId)
    .where("userId", "=", account.id)
    .executeTakeFirst();
  let notice: EmailProofView["notice"] = null;
  if (!asked) {
    try {
      await sendEmailProof({ account, sessionId });
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      notice = {
        ok: false,
        message: `We've sent several codes to this e-mail already. ${error.message}`,
      };
    }
  }
  return {
    proof: {
      email: account.email,
      codeSent: Boolean(await liveEmailProof(sessionId, account.id)),
      notice,
    },
    secondBox,
  };
}

/** The checkout's account intents (and a code typed before "Place order"); null when the post is not about the account. */
export async function accountStepAction(
  flow: GuardedFlow,
  formData: FormData,
): Promise<AccountStepAnswer | null> {
  const intent = String(formData.get("intent") ?? "");
  if ((SECOND_BOX_INTENTS as readonly string[]).includes(intent)) {
    if (!flow.user) return { kind: "redirect", to: "/get-started/checkout" };
    if (intent === "second-box") {
      await chooseSecondBox(flow.draft.id, flow.user.id);
      return { kind: "redirect", to: "/get-started/checkout" };
    }
    const change = flow.session
      ? await changeCurrentBoxInstead(flow.user, flow.draft.id, flow.session.id)
      : null;
    return change
      ? { kind: "redirect", to: change.to, setCookie: change.setCookie }
      : { kind: "redirect", to: "/get-started/checkout" };
  }
  const typed = String(formData.get(EMAIL_CODE_FIELD) ?? "").trim();
  const emailIntent = (EMAIL_INTENTS as readonly string[]).includes(intent);
  if (!emailIntent && !typed) return null;
  const account = await toProve(flow);
  // a disabled account is sent no code and confirms nothing (decision 062)
  if (!account && !flow.user && flow.draft.email) {
    const named = await findUserByEmail(flow.draft.email);
    if (named?.disabledAt)
      return { kind: "notice", notice: { ok: false, message: ACCOUNT_DISABLED }, status: 422 };
  }
  if (!account || !flow.session)
    return emailIntent
      ? { kind: "notice", notice: { ok: true, message: PROOF_DONE }, status: 200 }
      : null;
  if (intent === "email-code-resend") {
    try {
      await sendEmailProof({ account, sessionId: flow.session.id });
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      return {
        kind: "notice",
        notice: {
          ok: false,
          message: `We've sent several codes to this e-mail already. ${error.message}`,
        },
        status: 429,
      };
    }
    return {
      kind: "notice",
      notice: {
        ok: true,
        message: `We've sent a new code to ${account.email}. It works for ${PROOF_MINUTES} minutes.`,
      },
      status: 200,
    };
  }
  // "email-code", or a code typed and Enter pressed (without JS that presses "Place order"): check it, place nothing yet
  const parsed = EmailCodeSchema.safeParse({ [EMAIL_CODE_FIELD]: typed });
  if (!parsed.success)
    return {
      kind: "notice",
      notice: { ok: false, message: parsed.error.issues[0].message },
      status: 422,
      field: EMAIL_CODE_FIELD,
    };
  const result = await verifyEmailProof({
    userId: account.id,
    sessionId: flow.session.id,
    code: parsed.data[EMAIL_CODE_FIELD],
  });
  if (!result.ok)
    return {
      kind: "notice",
      notice: { ok: false, message: PROOF_MESSAGES[result.reason] },
      status: 422,
      field: EMAIL_CODE_FIELD,
    };
  return { kind: "notice", notice: { ok: true, message: PROOF_DONE }, status: 200 };
}
