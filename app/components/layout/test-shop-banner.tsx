// On every page of a production shop that takes its payments through the sandbox (decision 063):
// a labelled region at the top, so it is read with the page and listed among its landmarks.
export const TEST_SHOP_BANNER_TEXT = "Test shop: no real payments are taken";

export function TestShopBanner() {
  return (
    <section className="test-shop-banner" aria-label="Test shop">
      <p>{TEST_SHOP_BANNER_TEXT}</p>
    </section>
  );
}
