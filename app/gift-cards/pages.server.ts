// What the gift-card pages load: the amount and personalisation kept in the
// flow's cookies, checked again on every page (a value can expire overnight,
// a cookie can be edited), and the promotion that applies to them.
import { redirect } from "@remix-run/node";
import type { User } from "~/db/schema";
import { giftCardAmount, personaliseValues } from "./cookie.server";
import {
  DEFAULT_CENTS,
  PRESETS_CENTS,
  bonusCents,
  expiryDay,
  formatDay,
  sydneyToday,
  toDisplayDate,
  type BonusSettings,
} from "./rules";
import {
  personaliseValidator,
  type PersonaliseContext,
  type PersonaliseInput,
  type PersonaliseValues,
} from "./schemas";
import { giftCardSettings } from "./settings.server";

export const expiresLabel = (today: string) => `Valid until ${formatDay(expiryDay(today))}`;

export async function giveData(request: Request) {
  const settings = await giftCardSettings();
  const amountCents = giftCardAmount(request) ?? DEFAULT_CENTS;
  return {
    amountCents,
    isPreset: PRESETS_CENTS.includes(amountCents),
    presets: PRESETS_CENTS.map((cents) => ({ cents, bonusCents: bonusCents(cents, settings) })),
    settings,
    expiresLabel: expiresLabel(sydneyToday()),
  };
}

export type AmountState = {
  amountCents: number;
  bonusCents: number;
  settings: BonusSettings | null;
  today: string;
};

/** The chosen amount, or a redirect to /gift-cards (SPEC §2: personalise and checkout need an amount). */
export async function requireAmount(request: Request): Promise<AmountState> {
  const amountCents = giftCardAmount(request);
  if (!amountCents) throw redirect("/gift-cards");
  const settings = await giftCardSettings();
  return {
    amountCents,
    bonusCents: bonusCents(amountCents, settings),
    settings,
    today: sydneyToday(),
  };
}

export function personaliseContext(state: AmountState): PersonaliseContext {
  return { today: state.today, bonusAvailable: state.bonusCents > 0 };
}

/** The form's starting values: the cookie's, else the signed-in sender and delivery today. */
export function personaliseDefaults(
  request: Request,
  user: User | null,
  today: string,
): PersonaliseValues {
  const saved = personaliseValues(request);
  if (saved) return saved;
  return {
    senderFirstName: user?.firstName ?? "",
    senderEmail: user?.email ?? "",
    deliveryAt: toDisplayDate(today),
    bonusDeliveryAt: toDisplayDate(today),
    isAnotherReceiver: "",
  };
}

/** The saved personalisation, valid for today, or a redirect back to personalise. */
export async function requirePersonalisation(
  request: Request,
  state: AmountState,
): Promise<{ values: PersonaliseValues; input: PersonaliseInput }> {
  const values = personaliseValues(request);
  if (!values) throw redirect("/gift-cards/personalise");
  const result = await personaliseValidator(personaliseContext(state)).validate(
    values as Record<string, string>,
  );
  if (result.error) throw redirect("/gift-cards/personalise?check=1");
  return { values, input: result.data };
}
