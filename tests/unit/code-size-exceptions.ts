// The functions over 80 lines and modules over 600 that tests/unit/code-size.test.ts lets through,
// each with its reason. Sorted by path; one line each, so branches that shrink it merge cleanly.

export const FUNCTION_EXCEPTIONS: Record<string, string> = {
  "app/admin/catalogue/catalogue.server.ts#edit(callback)": "not split yet (issue 47)",
  "app/admin/catalogue/catalogue.server.ts#saveProduct": "not split yet (issue 47)",
  "app/admin/content/components/post-form.tsx#PostForm": "not split yet (issue 47)",
  "app/admin/content/posts.server.ts#savePost": "not split yet (issue 47)",
  "app/admin/discounts/discounts.server.ts#saveDiscount": "not split yet (issue 47)",
  "app/admin/numbers/dashboard.tsx#NumbersDashboard": "not split yet (issue 47)",
  "app/admin/orders/order-detail.server.ts#loadAdminOrder": "not split yet (issue 47)",
  "app/admin/orders/search.server.ts#searchOrders": "not split yet (issue 47)",
  "app/admin/overview.server.ts#overviewFor": "not split yet (issue 47)",
  "app/admin/packing/packing-day.server.ts#packingOverview": "not split yet (issue 47)",
  "app/admin/packing/packing-day.server.ts#paidOrdersWithItems": "not split yet (issue 47)",
  "app/routes/admin.catalogue._index.tsx#CataloguePage": "not split yet (issue 47)",
  "app/routes/admin.content.home.tsx#HomePageEdit": "not split yet (issue 47)",
  "app/routes/admin.gift-cards.$id.tsx#GiftCardPage": "not split yet (issue 47)",
  "app/security/rekey.server.ts#rekey": "not split yet (issue 47)",
};

export const MODULE_EXCEPTIONS: Record<string, string> = {};
