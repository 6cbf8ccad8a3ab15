// Shapes the content services return, the /api routes serve (SPEC §3, §7) and
// the pages render. Field names follow the spec, including snake_case meta.
import type { PageMeta } from "./pagination";

export type PostType = "news" | "recipe";
/** The first path segment of a post's page: /blog-post/{slug} or /recipe-post/{slug}. */
export type PostUrl = "blog-post" | "recipe-post";
export type Image = { url: string; alt: string };

export type PostCard = {
  id: number;
  title: string;
  slug: string;
  thumbnail: Image;
  author: { fullName: string; avatar: string } | null;
  postType: PostType;
  postUrl: PostUrl;
  categories: { id: number; name: string; slug: string }[];
  createdAt: string;
};

export type RecipeCard = { title: string; slug: string; thumbnail: Image };
export type HighlightRecipe = RecipeCard & { metaDescription: string };

export type RecipeCategory = { id: number; name: string; slug: string };

export type Paged<T> = { data: T[]; meta: PageMeta };

export type PostDetail = {
  id: number;
  title: string;
  slug: string;
  metaDescription: string;
  /** sanitised HTML */
  content: string;
  thumbnail: Image;
  author: { name: string; avatar: string } | null;
  postType: PostType;
  postUrl: PostUrl;
  createdAt: string;
  /** when it went public (the date a reader sees; issue 37) */
  publishedAt: string;
  updatedAt: string;
  categories: { id: number; name: string; slug: string }[];
};

export type RecipeDetail = PostDetail & {
  postType: "recipe";
  preparationTime: number;
  cookingTime: number;
  servings: number | null;
  ingredients: string[];
  directions: string[];
};

export type FaqCategory = "product" | "delivery" | "order" | "subscription";
export type FaqItem = { id: number; category: FaqCategory; question: string; answer: string };
export type QA = { question: string; answer: string };

export type HomepageData = {
  hero: {
    title: string;
    description: string;
    cta: string;
    list: { bulletText: string }[];
    images: { mobile: string; desktop: string; alt: string }[];
  };
  /** the ticker under the hero (issue 37); the built-in promises until an editor sets it */
  ticker: string[];
  faq: QA[];
};
export type ConceptData = { faq: QA[] };
export type LegalData = { header: string; content: string };
export type LegalKey = "terms" | "privacy-policy" | "refund-policy";
export type PageKey = "homepage" | "concept" | LegalKey;
export type PageData<K extends PageKey> = K extends "homepage"
  ? HomepageData
  : K extends "concept"
    ? ConceptData
    : LegalData;

export type LocationPost = {
  slug: string;
  title: string;
  location: string;
  metaDescription: string;
  content: string;
  background: { mobile: string; desktop: string; alt: string };
  images: Image[];
  description: { title: string; text: string; url: string; alt: string };
  faq: QA[];
};

export type Testimonial = {
  id: number;
  name: string;
  location: string;
  quote: string;
  rating: number;
};
export type SocialPost = { id: number; handle: string; caption: string; image: Image };

export type DeliveryRegion = {
  slug: string;
  name: string;
  state: string;
  days: string;
  time: string;
  note: string;
  areas: { area: string; postcodes: string }[];
};

export type BoxSize = {
  size: "small" | "large";
  people: string | null;
  weight: string | null;
  priceCents: number;
  selectionMaximum: number | null;
};
export type Box = {
  slug: string;
  name: string;
  fullName: string;
  kind: "custom" | "curated";
  description: string;
  image: string;
  fromPriceCents: number;
  sizes: BoxSize[];
  contents: { item: string; quantity: string }[];
};
