import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BoxCard } from "~/components/cards/box-card";
import { Carousel } from "~/components/carousel/carousel";
import { FaqList } from "~/content/components/faq-list";
import { Hero, SocialCarousel, Testimonials, Ticker } from "~/content/components/home-sections";
import { Steps } from "~/content/components/steps";
import { useClearLocalStorage } from "~/content/components/hooks";
import { listShowcaseBoxes } from "~/content/boxes.server";
import { getPage, listSocialPosts, listTestimonials } from "~/content/pages.server";
import { BRAND } from "~/config";
import { appOrigin } from "~/accounts/origin.server";
import { JsonLd } from "~/content/components/recipe-json-ld";
import { organizationJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/utils/meta";
import contentHref from "~/styles/content.css";
import homeHref from "~/styles/home.css";
import type { CacheHandle } from "~/http/cache-policy.server";

// Same page for every visitor without a session: shared-cacheable, with an ETag (decision 011).
export const handle = { cache: "public" } satisfies CacheHandle;

export const meta: MetaFunction = () =>
  pageMeta(
    "Home",
    `${BRAND.tagline}. Custom and curated boxes from Australian farming and fishing families, free delivery, no minimum order.`,
  );

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: contentHref },
  { rel: "stylesheet", href: homeHref },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [homepage, boxes, testimonials, social] = await Promise.all([
    getPage("homepage"),
    listShowcaseBoxes(),
    listTestimonials(),
    listSocialPosts(),
  ]);
  const organization = organizationJsonLd(appOrigin(request));
  return { homepage, boxes, testimonials, social, organization };
}

export default function Home() {
  const { homepage, boxes, testimonials, social, organization } = useLoaderData<typeof loader>();
  useClearLocalStorage();
  return (
    <>
      <JsonLd data={organization} />
      <Hero hero={homepage.hero} />
      <Ticker lines={homepage.ticker} />
      <Steps />
      <section className="section section--surface boxes" aria-labelledby="boxes-title">
        <div className="container">
          <p className="eyebrow">Our boxes</p>
          <div className="section-head">
            <h2 id="boxes-title">Pick your box, we'll do the rest</h2>
            <Link to="/how-it-works" className="section-head__link">
              Compare boxes and prices
            </Link>
          </div>
          <Carousel label="Boxes and prices" variant="cards">
            {boxes.map((box) => (
              <BoxCard box={box} key={box.slug} />
            ))}
          </Carousel>
        </div>
      </section>
      <Testimonials testimonials={testimonials} />
      <SocialCarousel posts={social} />
      <section className="section home-faq" aria-labelledby="home-faq-title">
        <div className="container home-faq__inner">
          <div>
            <p className="eyebrow">Questions</p>
            <h2 id="home-faq-title">Good to know</h2>
            <p>
              More answers in our <Link to="/faq">FAQ</Link>, or email{" "}
              <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>.
            </p>
          </div>
          <FaqList items={homepage.faq} />
        </div>
      </section>
    </>
  );
}
