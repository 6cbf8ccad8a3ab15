// The functions over 80 lines and modules over 600 that tests/unit/code-size.test.ts lets through,
// each with its reason. Sorted by path; one line each, so branches that shrink it merge cleanly.

export const FUNCTION_EXCEPTIONS: Record<string, string> = {
  "app/admin/discounts/components.tsx#DiscountForm": "not split yet (issue 47)",
  "app/admin/staff-sign-in.server.ts#codeStepSignIn": "not split yet (issue 47)",
  "app/checkout/checkout-page.server.ts#loadCheckout": "not split yet (issue 47)",
  "app/checkout/checkout-schema.ts#checkoutSchema": "not split yet (issue 47)",
  "app/checkout/quote.server.ts#quoteDraft": "not split yet (issue 47)",
  "app/gift-cards/components/amount-form.tsx#AmountForm": "not split yet (issue 47)",
  "app/gift-cards/components/checkout-form.tsx#GiftCheckoutForm": "not split yet (issue 47)",
  "app/gift-cards/components/personalise-form.tsx#PersonaliseForm": "not split yet (issue 47)",
  "app/gift-cards/purchase.server.ts#writeGiftOrder": "not split yet (issue 47)",
  "app/orders/components/pay-order-form.tsx#PayOrderForm": "not split yet (issue 47)",
  "app/orders/components/tax-invoice.tsx#TaxInvoiceSheet": "not split yet (issue 47)",
  "app/orders/pay-page.server.ts#payOutcomeAnswer": "not split yet (issue 47)",
  "app/payments/card-schema.ts#parseCardChoice": "not split yet (issue 47)",
  "app/payments/components/card-fields.tsx#CardFields": "not split yet (issue 47)",
  "app/payments/recovery.server.ts#recoverPayment": "not split yet (issue 47)",
  "app/routes/admin_.sign-in.tsx#StaffSignIn": "not split yet (issue 47)",
  "app/routes/admin.audit.tsx#AuditLog": "not split yet (issue 47)",
  "app/routes/admin.discounts.$id.tsx#DiscountPage": "not split yet (issue 47)",
  "app/routes/admin.orders._index.tsx#AdminOrders": "not split yet (issue 47)",
  "app/routes/admin.staff.$id.tsx#StaffMemberPage": "not split yet (issue 47)",
  "app/routes/delivery.tsx#Delivery": "not split yet (issue 47)",
  "app/routes/get-started.addons.tsx#Addons": "not split yet (issue 47)",
  "app/routes/get-started.box-size.tsx#BoxSize": "not split yet (issue 47)",
  "app/routes/get-started.your-items.tsx#YourItems": "not split yet (issue 47)",
  "app/routes/gift-cards.activate.($code).tsx#Activate": "not split yet (issue 47)",
  "app/routes/why-us.tsx#WhyUs": "not split yet (issue 47)",
  "app/subscriptions/packing.server.ts#closeUnpaidAtPacking": "not split yet (issue 47)",
  "app/subscriptions/packing.server.ts#db.transaction().execute(callback)":
    "not split yet (issue 47)",
  "app/subscriptions/renewal-quote.server.ts#quoteRenewal": "not split yet (issue 47)",
};

export const MODULE_EXCEPTIONS: Record<string, string> = {};
