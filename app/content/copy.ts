// Fixed marketing copy shared by the content pages (the rest comes from the database).
export const PROMISES = [
  "Free delivery",
  "No minimum order",
  "Skip or pause anytime",
  "From Australian farming and fishing families",
  "Wild-caught seafood",
  "More than 40 cuts",
] as const;

export const STEPS = [
  {
    image: "/images/step-choose.svg",
    title: "Choose your box",
    text: "Pick every cut in a custom box, or let our butchers and fishmongers curate one that changes monthly.",
  },
  {
    image: "/images/step-deliver.svg",
    title: "We deliver it free",
    text: "Packed cold with wool liners and ice, delivered to your door between 8am and 6pm. No minimum order.",
  },
  {
    image: "/images/step-cook.svg",
    title: "Cook something great",
    text: "Vacuum-sealed, labelled cuts ready for the fridge or freezer, and recipes on the blog for every one.",
  },
] as const;

export const CERTIFICATIONS = [
  {
    image: "/images/cert-grass-fed.svg",
    title: "Grass-fed beef and lamb",
    text: "Raised on pasture by families who rotate their paddocks and let cattle finish on grass.",
  },
  {
    image: "/images/cert-free-range.svg",
    title: "Free-range pork and chicken",
    text: "Room to roam outdoors, from accredited free-range farms.",
  },
  {
    image: "/images/cert-wild-caught.svg",
    title: "Wild-caught seafood",
    text: "From well-managed Australian fisheries with quotas, closed seasons and low bycatch.",
  },
  {
    image: "/images/cert-food-safety.svg",
    title: "Food safety certified",
    text: "Packed in a temperature-controlled facility and audited against national food safety standards.",
  },
] as const;

export const FAQ_CATEGORY_LABELS = {
  product: "Product",
  delivery: "Delivery",
  order: "Order",
  subscription: "Subscription",
} as const;

export const BLOG_FILTERS = [
  { value: "", label: "All", to: "/blog" },
  { value: "recipes", label: "Recipes", to: "/blog/recipes" },
  { value: "news", label: "News", to: "/blog/news" },
] as const;
