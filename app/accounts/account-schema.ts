// Form schemas of /dashboard/account, run in the browser (loaded lazily through
// ./account-form-validators) and again in the action. They compose the shared
// pieces: ContactFields (name, "Phone is invalid"), the password rules, the
// card choice of every payment form and the address schema.
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { AddressSchema, Checkbox, ContactFields } from "~/addresses/address-schema";
import { CardFieldsSchema, parseCardChoice, type NewCard } from "~/payments/card-schema";
import {
  NewPasswordFields,
  SIGN_IN_PASSWORD_MAX,
  SIGN_IN_PASSWORD_TOO_LONG,
  withMatchingPasswords,
} from "./auth-schema";

export const ACCOUNT_MESSAGES = {
  currentPassword: "Enter your current password",
  wrongPassword: "Your current password is incorrect",
  samePassword: "Choose a password different from your current one",
} as const;

export const ProfileSchema = z.object({
  ...ContactFields,
  sms: Checkbox,
  newsletter: Checkbox,
});

/** `hasPassword` false: an account made at checkout without a password sets its first one. */
export function changePasswordSchema({ hasPassword }: { hasPassword: boolean }) {
  return withMatchingPasswords(
    z.object({
      currentPassword: hasPassword
        ? z
            .string({ required_error: ACCOUNT_MESSAGES.currentPassword })
            .min(1, ACCOUNT_MESSAGES.currentPassword)
            .max(SIGN_IN_PASSWORD_MAX, SIGN_IN_PASSWORD_TOO_LONG)
        : z.string().max(SIGN_IN_PASSWORD_MAX, SIGN_IN_PASSWORD_TOO_LONG).optional(),
      ...NewPasswordFields,
    }),
  ).superRefine((v: { currentPassword?: string; password?: string }, ctx) => {
    if (v.currentPassword && v.password && v.currentPassword === v.password) {
      ctx.addIssue({ code: "custom", path: ["password"], message: ACCOUNT_MESSAGES.samePassword });
    }
  });
}

/** A new card only (saved cards are managed by their own buttons). */
export const AddCardSchema = z
  .object({
    paymentMethod: z.string().max(20).optional(),
    card: CardFieldsSchema.optional(),
    makePrimary: Checkbox,
  })
  .transform((v, ctx) => {
    const choice = parseCardChoice(ctx, { paymentMethod: "new", card: v.card });
    return {
      card: (choice.kind === "new" ? choice.card : null) as NewCard,
      makePrimary: v.makePrimary,
    };
  });

export const EditAddressSchema = z.object({
  addressId: z.coerce
    .number({ invalid_type_error: "Unknown address" })
    .int()
    .positive()
    .max(2_147_483_647, "Unknown address"),
  address: AddressSchema,
});

/** A new delivery address on the account page (a subscription moves to it under Change what comes next). */
export const AddAddressSchema = z.object({ address: AddressSchema });

export type ProfileInput = z.output<typeof ProfileSchema>;
export type AddCardInput = z.output<typeof AddCardSchema>;
export type EditAddressInput = z.output<typeof EditAddressSchema>;

export const profileValidator = withZod(ProfileSchema);
export const passwordValidators = {
  change: withZod(changePasswordSchema({ hasPassword: true })),
  set: withZod(changePasswordSchema({ hasPassword: false })),
};
export const addCardValidator = withZod(AddCardSchema);
export const editAddressValidator = withZod(EditAddressSchema);
export const addAddressValidator = withZod(AddAddressSchema);
