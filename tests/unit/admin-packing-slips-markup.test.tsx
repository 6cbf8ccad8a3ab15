// A packing day's slips rendered once per slip on the server (StaticMarkup, ROW_MARKUP keys; issue
// 48): the page's HTML is the same byte for byte as when React renders them in place (what the
// browser hydrates against), with the page's stream renderer, from the cache as on a first render,
// and a slip that changes is rendered again.
import { streamRender } from "./stream-render";
import { PackingSlips } from "~/admin/packing/components";
import type { SlipView } from "~/admin/packing/packing-day.server";
import { MarkupCacheProvider } from "~/components/layout/static-markup";
import { staticMarkup } from "~/http/static-markup.server";

const render = streamRender;

const slip = (id: number, over: Partial<SlipView> = {}): SlipView => ({
  id,
  reference: `PTB${id}`,
  region: "NSW",
  name: "Sam Smith",
  line1: "12 Harbour St",
  line2: null,
  suburb: "Haymarket",
  state: "NSW",
  postcode: "2000",
  window: "Day (7am–5pm)",
  notes: null,
  hasKnife: false,
  lines: [
    { kind: "box", name: "Custom box (small)", quantity: "1" },
    { kind: "cut", name: "Beef mince", quantity: "2" },
    { kind: "addon", name: "Bacon", quantity: "1" },
  ],
  ...over,
});

const SLIPS: SlipView[] = [
  slip(1),
  slip(2, { line2: "Unit 4", notes: "  ", region: "" }),
  slip(3, { line1: null, window: null, hasKnife: true, notes: 'Leave at the <gate> & "ring"' }),
  slip(4, {
    name: `O'Brien <script>alert(1)</script>`,
    lines: [
      { kind: "box", name: "Curated box", quantity: "1" },
      { kind: "contents", name: "Lamb & rosemary sausages", quantity: "2 x 500g" },
    ],
  }),
  slip(5, { lines: [] }),
];

const page = (slips: SlipView[], cached: boolean) => {
  const slipsEl = <PackingSlips date="2031-06-18" slips={slips} />;
  return render(
    cached ? <MarkupCacheProvider value={staticMarkup}>{slipsEl}</MarkupCacheProvider> : slipsEl,
  );
};

describe("packing slips rendered once per slip", () => {
  it("is the HTML React renders in place, first and from the cache", async () => {
    const inPlace = await page(SLIPS, false);
    expect(inPlace).toContain("&lt;script&gt;");
    expect(await page(SLIPS, true)).toBe(inPlace);
    expect(await page(SLIPS, true)).toBe(inPlace);
  });

  it("renders a slip again when anything it shows changes", async () => {
    await page(SLIPS, true);
    const changed = SLIPS.map((s) =>
      s.id === 2 ? { ...s, lines: [{ ...s.lines[1], quantity: "3" }] } : s,
    );
    const html = await page(changed, true);
    expect(html).toBe(await page(changed, false));
    expect(html).not.toBe(await page(SLIPS, false));
  });
});
