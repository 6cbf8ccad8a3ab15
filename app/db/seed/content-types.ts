// Shapes of the editorial seed data. The seed script inserts these into the
// content tables (posts, recipe categories, authors, FAQ, pages, locations,
// testimonials, social posts). Images are paths under /images/ (public/images).

export type SeedAuthor = { key: string; name: string; avatar: string };

export type SeedCategory = { name: string; slug: string };

export type SeedImage = { url: string; alt: string };

/** A news post (postType "news") rendered at /blog-post/{slug}. */
export type SeedNewsPost = {
  slug: string;
  title: string;
  metaDescription: string;
  /** HTML: <p>, <h2>, <h3>, <ul>, <ol>, <li>, <strong>, <em>, <a href="/..."> only. */
  content: string;
  thumbnail: SeedImage;
  authorKey: string | null;
  /** news category names (e.g. "Farmers", "Sustainability", "Company news") */
  categories: string[];
  createdAt: string; // ISO date-time, all in 2026
};

/** A recipe (postType "recipe") rendered at /recipe-post/{slug}. */
export type SeedRecipe = {
  slug: string;
  title: string;
  metaDescription: string;
  /** HTML intro paragraphs, same allowed tags as news */
  content: string;
  thumbnail: SeedImage;
  authorKey: string | null;
  /** recipe category slugs from SEED_RECIPE_CATEGORIES */
  categories: string[];
  preparationTime: number; // minutes
  cookingTime: number; // minutes
  servings: number;
  ingredients: string[];
  directions: string[];
  featured: boolean;
  highlight: boolean; // exactly one recipe is the highlight
  createdAt: string;
};

export type SeedFaq = {
  category: "product" | "delivery" | "order" | "subscription";
  question: string;
  /** HTML answer, same allowed tags as posts */
  answer: string;
};

export type SeedLegalPage = {
  /** page key: "terms" | "privacy-policy" | "refund-policy" */
  key: "terms" | "privacy-policy" | "refund-policy";
  header: string;
  /** HTML with <h2>, <p>, <ul>, <li> */
  content: string;
};

export type SeedHomepage = {
  hero: {
    title: string;
    description: string;
    cta: string;
    list: { bulletText: string }[];
    images: { mobile: string; desktop: string; alt: string }[];
  };
  faq: { question: string; answer: string }[];
};

export type SeedConcept = { faq: { question: string; answer: string }[] };

export type SeedLocation = {
  slug: string;
  title: string;
  location: string; // e.g. "Sydney"
  metaDescription: string;
  content: string; // HTML
  background: { mobile: string; desktop: string; alt: string };
  images: SeedImage[];
  description: { title: string; text: string; url: string; alt: string };
  faq: { question: string; answer: string }[];
};

export type SeedTestimonial = { name: string; location: string; quote: string; rating: number };

export type SeedSocialPost = { handle: string; caption: string; image: SeedImage };
