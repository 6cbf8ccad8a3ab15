import { safeRedirect } from "~/utils/safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/dashboard/my-deliveries", "/dashboard/my-deliveries"],
    ["/gift-cards/activate?x=1#top", "/gift-cards/activate?x=1#top"],
  ])("keeps same-site path %s", (input, expected) => {
    expect(safeRedirect(input, "/home")).toBe(expected);
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    null,
    undefined,
    "/\t/evil.example",
    " //evil.example",
  ])("rejects %s", (input) => {
    expect(safeRedirect(input as string, "/home")).toBe("/home");
  });
});
