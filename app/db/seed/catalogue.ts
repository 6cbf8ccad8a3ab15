// The shop's catalogue seed: boxes, cuts, add-ons, delivery regions, discounts.
// Figures follow SPEC §9.

export type SeedLeafPackage = {
  slug: string;
  size: "small" | "large";
  priceCents: number;
  people: string;
  weight: string;
  selectionMaximum: number | null;
};

export type SeedPackage = {
  slug: string;
  name: string;
  fullName: string;
  kind: "custom" | "curated";
  description: string;
  priceCents: number;
  image: string;
  contents?: [string, string][];
  sizes?: SeedLeafPackage[];
  children?: SeedPackage[];
};

const curatedSizes = (slug: string, small: number, large: number): SeedLeafPackage[] => [
  {
    slug: `${slug}-small`,
    size: "small",
    priceCents: small,
    people: "1-2 people",
    weight: "up to 5kg",
    selectionMaximum: null,
  },
  {
    slug: `${slug}-large`,
    size: "large",
    priceCents: large,
    people: "3-4 people",
    weight: "up to 9kg",
    selectionMaximum: null,
  },
];

export const PACKAGES: SeedPackage[] = [
  {
    slug: "custom",
    name: "Custom",
    fullName: "Custom box",
    kind: "custom",
    description:
      "Pick every cut yourself from more than 40 cuts of beef, lamb, pork, chicken and wild-caught seafood. 20% more meat than our curated boxes.",
    priceCents: 16900,
    image: "/images/box-custom.svg",
    sizes: [
      {
        slug: "custom-small",
        size: "small",
        priceCents: 16900,
        people: "2-3 people",
        weight: "up to 6kg",
        selectionMaximum: 8,
      },
      {
        slug: "custom-large",
        size: "large",
        priceCents: 27900,
        people: "4-5 people",
        weight: "up to 11kg",
        selectionMaximum: 16,
      },
    ],
  },
  {
    slug: "curated",
    name: "Curated",
    fullName: "Curated box",
    kind: "curated",
    description:
      "Our butchers and fishmongers choose a balanced box for you. Contents change monthly, so there is always something new to cook.",
    priceCents: 14900,
    image: "/images/box-curated.svg",
    children: [
      {
        slug: "salmon",
        name: "Salmon",
        fullName: "Salmon box",
        kind: "curated",
        priceCents: 16900,
        description: "10 portions of wild-caught salmon, skin on and pin-boned.",
        image: "/images/box-salmon.svg",
        contents: [
          ["Wild salmon portions", "10 x 180g"],
          ["Lemon pepper rub", "1 jar"],
        ],
        sizes: [
          {
            slug: "salmon-small",
            size: "small",
            priceCents: 16900,
            people: "1-2 people",
            weight: "10 portions",
            selectionMaximum: null,
          },
          {
            slug: "salmon-large",
            size: "large",
            priceCents: 24900,
            people: "3-4 people",
            weight: "18 portions",
            selectionMaximum: null,
          },
        ],
      },
      {
        slug: "beef",
        name: "Beef",
        fullName: "Beef box",
        kind: "curated",
        priceCents: 16900,
        description: "Grass-fed beef from steaks to slow-cook cuts.",
        image: "/images/box-beef.svg",
        contents: [
          ["Scotch fillet steaks", "2 x 250g"],
          ["Beef mince", "2 x 500g"],
          ["Chuck steak", "1kg"],
          ["Beef sausages", "6 pack"],
          ["Rump steak", "2 x 250g"],
        ],
        sizes: curatedSizes("beef", 16900, 22900),
      },
      {
        slug: "beef-chicken",
        name: "Beef & Chicken",
        fullName: "Beef & Chicken box",
        kind: "curated",
        priceCents: 16900,
        description: "Weeknight favourites: grass-fed beef and free-range chicken.",
        image: "/images/box-beef-chicken.svg",
        contents: [
          ["Rump steak", "2 x 250g"],
          ["Beef mince", "500g"],
          ["Chicken breast", "1kg"],
          ["Chicken thighs", "1kg"],
          ["Chicken drumsticks", "1kg"],
        ],
        sizes: curatedSizes("beef-chicken", 16900, 22900),
      },
      {
        slug: "beef-pork",
        name: "Beef & Pork",
        fullName: "Beef & Pork box",
        kind: "curated",
        priceCents: 16900,
        description: "Grass-fed beef with free-range pork for roasts, chops and barbecues.",
        image: "/images/box-beef-pork.svg",
        contents: [
          ["Sirloin steaks", "2 x 250g"],
          ["Beef mince", "500g"],
          ["Pork chops", "4 x 200g"],
          ["Pork belly", "800g"],
          ["Pork sausages", "6 pack"],
        ],
        sizes: curatedSizes("beef-pork", 16900, 22900),
      },
      {
        slug: "mixed",
        name: "Mixed",
        fullName: "Mixed box",
        kind: "curated",
        priceCents: 16900,
        description: "A little of everything: beef, lamb, pork, chicken and wild-caught fish.",
        image: "/images/box-mixed.svg",
        contents: [
          ["Rump steak", "2 x 250g"],
          ["Lamb loin chops", "4 pieces"],
          ["Pork sausages", "6 pack"],
          ["Chicken thighs", "1kg"],
          ["Wild white fish fillets", "4 x 150g"],
        ],
        sizes: curatedSizes("mixed", 16900, 22900),
      },
      {
        slug: "value",
        name: "Value",
        fullName: "Value box",
        kind: "curated",
        priceCents: 14900,
        description: "Honest everyday cuts for family cooking at our best price.",
        image: "/images/box-value.svg",
        contents: [
          ["Beef mince", "3 x 500g"],
          ["Chicken drumsticks", "1.5kg"],
          ["Pork sausages", "6 pack"],
          ["Diced beef", "1kg"],
          ["Chicken thighs", "1kg"],
        ],
        sizes: curatedSizes("value", 14900, 20900),
      },
    ],
  },
];

export type SeedProduct = {
  slug: string;
  name: string;
  weight: string;
  description: string;
  image: string;
  priceCents?: number;
  inventory?: number | null;
  isKnife?: boolean;
};

/** The custom box's cuts by category (more than 40). */
export const CUT_CATEGORIES: { name: string; products: SeedProduct[] }[] = [
  {
    name: "Beef",
    products: [
      {
        slug: "scotch-fillet",
        name: "Scotch fillet steak",
        weight: "2 x 250g",
        description: "Well marbled and tender; our butchers' favourite for the grill.",
        image: "/images/beef-scotch-fillet.svg",
      },
      {
        slug: "rump-steak",
        name: "Rump steak",
        weight: "2 x 250g",
        description: "Full-flavoured grass-fed rump.",
        image: "/images/beef-steak.svg",
      },
      {
        slug: "sirloin-steak",
        name: "Sirloin steak",
        weight: "2 x 250g",
        description: "Also called porterhouse; a firm, juicy steak.",
        image: "/images/beef-steak.svg",
      },
      {
        slug: "eye-fillet",
        name: "Eye fillet steak",
        weight: "2 x 180g",
        description: "The most tender cut of all.",
        image: "/images/beef-scotch-fillet.svg",
        inventory: 40,
      },
      {
        slug: "beef-mince",
        name: "Beef mince",
        weight: "500g",
        description: "Lean grass-fed mince for burgers, ragu and tacos.",
        image: "/images/beef-mince.svg",
      },
      {
        slug: "diced-beef",
        name: "Diced beef",
        weight: "1kg",
        description: "Chuck diced for stews and curries.",
        image: "/images/beef-mince.svg",
      },
      {
        slug: "beef-brisket",
        name: "Beef brisket",
        weight: "1.5kg",
        description: "For smoking or a long, slow braise.",
        image: "/images/beef-brisket.svg",
      },
      {
        slug: "beef-short-ribs",
        name: "Beef short ribs",
        weight: "1kg",
        description: "Rich and sticky once slow-cooked.",
        image: "/images/beef-ribs.svg",
      },
      {
        slug: "beef-topside-roast",
        name: "Topside roast",
        weight: "1.2kg",
        description: "A lean Sunday roast.",
        image: "/images/beef-roast.svg",
      },
      {
        slug: "beef-burger-patties",
        name: "Beef burger patties",
        weight: "4 x 150g",
        description: "Pressed by hand from chuck and brisket.",
        image: "/images/burger-patties.svg",
      },
      {
        slug: "beef-sausages",
        name: "Beef sausages",
        weight: "6 pack",
        description: "Gluten-free, made with our own beef.",
        image: "/images/pork-sausages.svg",
      },
      {
        slug: "beef-meatballs",
        name: "Beef meatballs",
        weight: "500g",
        description: "Herby meatballs ready for the pan.",
        image: "/images/meatballs.svg",
      },
      {
        slug: "wagyu-rump-cap",
        name: "Wagyu rump cap",
        weight: "800g",
        description: "Marble score 5+, from a family farm in the Darling Downs.",
        image: "/images/beef-roast.svg",
        inventory: 0,
      },
    ],
  },
  {
    name: "Lamb",
    products: [
      {
        slug: "lamb-loin-chops",
        name: "Lamb loin chops",
        weight: "4 pieces",
        description: "Quick to cook and full of flavour.",
        image: "/images/lamb-chop.svg",
      },
      {
        slug: "lamb-cutlets",
        name: "Lamb cutlets",
        weight: "6 pieces",
        description: "Frenched cutlets for the barbecue.",
        image: "/images/lamb-chop.svg",
      },
      {
        slug: "lamb-leg",
        name: "Lamb leg roast",
        weight: "2kg",
        description: "Bone-in leg for a proper roast.",
        image: "/images/lamb-leg.svg",
      },
      {
        slug: "lamb-shoulder",
        name: "Lamb shoulder",
        weight: "1.8kg",
        description: "Slow-roast until it falls apart.",
        image: "/images/lamb-shoulder.svg",
      },
      {
        slug: "lamb-mince",
        name: "Lamb mince",
        weight: "500g",
        description: "For koftas, pies and moussaka.",
        image: "/images/beef-mince.svg",
      },
      {
        slug: "diced-lamb",
        name: "Diced lamb",
        weight: "1kg",
        description: "Shoulder diced for curries and tagines.",
        image: "/images/beef-mince.svg",
      },
      {
        slug: "lamb-shanks",
        name: "Lamb shanks",
        weight: "2 pieces",
        description: "Winter comfort, braised low and slow.",
        image: "/images/lamb-leg.svg",
      },
      {
        slug: "lamb-sausages",
        name: "Lamb and rosemary sausages",
        weight: "6 pack",
        description: "Made with free-range lamb and fresh rosemary.",
        image: "/images/pork-sausages.svg",
      },
    ],
  },
  {
    name: "Pork",
    products: [
      {
        slug: "pork-chops",
        name: "Pork chops",
        weight: "4 x 200g",
        description: "Free-range, bone-in and thick cut.",
        image: "/images/pork-chop.svg",
      },
      {
        slug: "pork-belly",
        name: "Pork belly",
        weight: "800g",
        description: "Skin scored for crackling.",
        image: "/images/pork-belly.svg",
      },
      {
        slug: "pork-scotch-fillet",
        name: "Pork scotch fillet steaks",
        weight: "4 x 180g",
        description: "The juiciest pork steak.",
        image: "/images/pork-chop.svg",
      },
      {
        slug: "pork-sausages",
        name: "Pork and fennel sausages",
        weight: "6 pack",
        description: "Coarse-cut with toasted fennel seed.",
        image: "/images/pork-sausages.svg",
      },
      {
        slug: "pork-mince",
        name: "Pork mince",
        weight: "500g",
        description: "For dumplings, san choy bow and meatballs.",
        image: "/images/beef-mince.svg",
      },
      {
        slug: "pork-ribs",
        name: "Pork spare ribs",
        weight: "1kg",
        description: "For sticky barbecue ribs.",
        image: "/images/beef-ribs.svg",
      },
      {
        slug: "pork-shoulder",
        name: "Pork shoulder",
        weight: "1.5kg",
        description: "For pulled pork.",
        image: "/images/pork-belly.svg",
      },
      {
        slug: "bacon",
        name: "Smoked bacon",
        weight: "250g",
        description: "Dry-cured and smoked over ironbark.",
        image: "/images/bacon.svg",
      },
    ],
  },
  {
    name: "Chicken",
    products: [
      {
        slug: "chicken-breast",
        name: "Chicken breast fillets",
        weight: "1kg",
        description: "Free-range, skinless.",
        image: "/images/chicken-breast.svg",
      },
      {
        slug: "chicken-thighs",
        name: "Chicken thigh fillets",
        weight: "1kg",
        description: "Free-range, skinless and boneless.",
        image: "/images/chicken-thigh.svg",
      },
      {
        slug: "chicken-drumsticks",
        name: "Chicken drumsticks",
        weight: "1kg",
        description: "Free-range drumsticks for roasting or the grill.",
        image: "/images/chicken-drumstick.svg",
      },
      {
        slug: "chicken-wings",
        name: "Chicken wings",
        weight: "1kg",
        description: "Ready for hot wings.",
        image: "/images/chicken-wings.svg",
      },
      {
        slug: "whole-chicken",
        name: "Whole chicken",
        weight: "1.8kg",
        description: "A free-range bird for Sunday.",
        image: "/images/chicken-whole.svg",
      },
      {
        slug: "chicken-mince",
        name: "Chicken mince",
        weight: "500g",
        description: "Lean free-range mince.",
        image: "/images/beef-mince.svg",
      },
      {
        slug: "chicken-sausages",
        name: "Chicken and herb sausages",
        weight: "6 pack",
        description: "Light and herby.",
        image: "/images/pork-sausages.svg",
      },
      {
        slug: "chicken-tenderloins",
        name: "Chicken tenderloins",
        weight: "500g",
        description: "Quick-cooking strips for schnitzels and stir-fries.",
        image: "/images/chicken-breast.svg",
      },
    ],
  },
  {
    name: "Seafood",
    products: [
      {
        slug: "wild-salmon-portions",
        name: "Wild salmon portions",
        weight: "2 x 180g",
        description: "Wild-caught, skin on, pin-boned.",
        image: "/images/salmon-fillet.svg",
      },
      {
        slug: "hot-smoked-salmon",
        name: "Hot-smoked salmon",
        weight: "200g",
        description: "Flaked over salads or pasta.",
        image: "/images/salmon-fillet.svg",
      },
      {
        slug: "white-fish-fillets",
        name: "Wild white fish fillets",
        weight: "4 x 150g",
        description: "Line-caught, boneless.",
        image: "/images/white-fish-fillet.svg",
      },
      {
        slug: "snapper-fillets",
        name: "Snapper fillets",
        weight: "2 x 180g",
        description: "From Western Australian waters.",
        image: "/images/white-fish-fillet.svg",
      },
      {
        slug: "whole-barramundi",
        name: "Whole wild barramundi",
        weight: "800g",
        description: "Caught in the Gulf of Carpentaria.",
        image: "/images/whole-fish.svg",
      },
      {
        slug: "king-prawns",
        name: "Raw king prawns",
        weight: "500g",
        description: "Wild-caught, peeled and deveined.",
        image: "/images/prawns.svg",
      },
      {
        slug: "scallops",
        name: "Scallops",
        weight: "250g",
        description: "Roe-off, sweet and quick to sear.",
        image: "/images/scallops.svg",
      },
      {
        slug: "calamari",
        name: "Calamari tubes",
        weight: "500g",
        description: "Cleaned and ready to slice.",
        image: "/images/calamari.svg",
      },
      {
        slug: "mussels",
        name: "Mussels",
        weight: "1kg",
        description: "Rope-grown, cleaned and debearded.",
        image: "/images/mussels.svg",
      },
    ],
  },
];

/** Recurring add-ons by category (section id equals the category name). */
export const ADDON_CATEGORIES: { name: string; products: SeedProduct[] }[] = [
  {
    name: "Meat",
    products: [
      {
        slug: "addon-bacon",
        name: "Smoked bacon",
        weight: "250g",
        description: "Dry-cured and smoked over ironbark.",
        image: "/images/bacon.svg",
        priceCents: 1200,
      },
      {
        slug: "addon-beef-mince",
        name: "Beef mince",
        weight: "500g",
        description: "Lean grass-fed mince.",
        image: "/images/beef-mince.svg",
        priceCents: 1150,
      },
      {
        slug: "addon-burger-patties",
        name: "Beef burger patties",
        weight: "4 x 150g",
        description: "Hand-pressed patties.",
        image: "/images/burger-patties.svg",
        priceCents: 1600,
      },
      {
        slug: "addon-chicken-thighs",
        name: "Chicken thigh fillets",
        weight: "1kg",
        description: "Free-range, boneless.",
        image: "/images/chicken-thigh.svg",
        priceCents: 1950,
      },
      {
        slug: "addon-pork-sausages",
        name: "Pork and fennel sausages",
        weight: "6 pack",
        description: "Coarse-cut with fennel seed.",
        image: "/images/pork-sausages.svg",
        priceCents: 1250,
      },
      {
        slug: "addon-scotch-fillet",
        name: "Scotch fillet steak",
        weight: "2 x 250g",
        description: "Marbled and tender.",
        image: "/images/beef-scotch-fillet.svg",
        priceCents: 3400,
        inventory: 25,
      },
      {
        slug: "addon-wagyu-burgers",
        name: "Wagyu burgers",
        weight: "4 x 150g",
        description: "Rich wagyu patties.",
        image: "/images/burger-patties.svg",
        priceCents: 2400,
        inventory: 0,
      },
    ],
  },
  {
    name: "Seafood",
    products: [
      {
        slug: "addon-salmon-portions",
        name: "Wild salmon portions",
        weight: "2 x 180g",
        description: "Wild-caught, skin on.",
        image: "/images/salmon-fillet.svg",
        priceCents: 2200,
      },
      {
        slug: "addon-smoked-salmon",
        name: "Hot-smoked salmon",
        weight: "200g",
        description: "Ready to eat.",
        image: "/images/salmon-fillet.svg",
        priceCents: 1500,
      },
      {
        slug: "addon-king-prawns",
        name: "Raw king prawns",
        weight: "500g",
        description: "Peeled and deveined.",
        image: "/images/prawns.svg",
        priceCents: 2600,
      },
      {
        slug: "addon-white-fish",
        name: "Wild white fish fillets",
        weight: "4 x 150g",
        description: "Line-caught, boneless.",
        image: "/images/white-fish-fillet.svg",
        priceCents: 2450,
      },
      {
        slug: "addon-scallops",
        name: "Scallops",
        weight: "250g",
        description: "Roe-off.",
        image: "/images/scallops.svg",
        priceCents: 2300,
        inventory: 12,
      },
    ],
  },
  {
    name: "Pantry",
    products: [
      {
        slug: "addon-bone-broth",
        name: "Beef bone broth",
        weight: "1L",
        description: "Simmered for 24 hours.",
        image: "/images/bone-broth.svg",
        priceCents: 1400,
      },
      {
        slug: "addon-spice-rub",
        name: "Smoky barbecue rub",
        weight: "90g",
        description: "Paprika, brown sugar and pepper.",
        image: "/images/spice-rub.svg",
        priceCents: 950,
      },
      {
        slug: "addon-butter",
        name: "Cultured butter",
        weight: "250g",
        description: "From a Gippsland dairy.",
        image: "/images/butter.svg",
        priceCents: 850,
      },
      {
        slug: "addon-chimichurri",
        name: "Chimichurri",
        weight: "200ml",
        description: "Parsley, oregano, garlic and chilli.",
        image: "/images/sauce-bottle.svg",
        priceCents: 1100,
      },
    ],
  },
  {
    name: "Kitchen",
    products: [
      {
        slug: "addon-chef-knife",
        name: "Paddock & Tide Chef's Knife",
        weight: "20cm blade",
        description: "Forged stainless steel with a timber handle. Buyers must be 18 or older.",
        image: "/images/chef-knife.svg",
        priceCents: 8900,
        inventory: 30,
        isKnife: true,
      },
    ],
  },
];

export const FREQUENCY_DAYS = [7, 14, 28, 56];

export const DELIVERY_WINDOWS = [
  { code: "day", label: "8am to 6pm", isOvernight: 0 },
  { code: "overnight", label: "Overnight silent delivery (10pm to 6am)", isOvernight: 1 },
];

export type SeedRegion = {
  slug: string;
  name: string;
  state: string;
  weekdays: number[];
  daysLabel: string;
  timeLabel: string;
  note: string;
  leadDays: number;
  everyWeeks: number;
  hasOvernight: boolean;
  ranges: [number, number, string][];
};

export const DELIVERY_REGIONS: SeedRegion[] = [
  {
    slug: "nsw",
    name: "NSW",
    state: "NSW",
    weekdays: [2, 4],
    daysLabel: "Tuesday and Thursday",
    timeLabel: "8am to 6pm",
    note: "Overnight silent delivery is available across Sydney metro.",
    leadDays: 2,
    everyWeeks: 1,
    hasOvernight: true,
    ranges: [
      [2000, 2234, "Sydney metro"],
      [2250, 2263, "Central Coast"],
      [2280, 2330, "Newcastle and Hunter"],
      [2500, 2535, "Wollongong and Illawarra"],
      [2745, 2786, "Penrith and Blue Mountains"],
    ],
  },
  {
    slug: "canberra",
    name: "Canberra",
    state: "ACT",
    weekdays: [3],
    daysLabel: "Wednesday",
    timeLabel: "8am to 6pm",
    note: "Includes Queanbeyan.",
    leadDays: 2,
    everyWeeks: 1,
    hasOvernight: false,
    ranges: [
      [200, 299, "Canberra"],
      [2600, 2620, "Canberra and Queanbeyan"],
      [2900, 2914, "Tuggeranong and Gungahlin"],
    ],
  },
  {
    slug: "vic",
    name: "VIC",
    state: "VIC",
    weekdays: [2, 5],
    daysLabel: "Tuesday and Friday",
    timeLabel: "8am to 6pm",
    note: "Overnight silent delivery is available across Melbourne metro.",
    leadDays: 2,
    everyWeeks: 1,
    hasOvernight: true,
    ranges: [
      [3000, 3207, "Melbourne metro"],
      [3212, 3228, "Geelong"],
      [3335, 3341, "Melton"],
      [3750, 3810, "Outer east and south-east"],
      [3910, 3944, "Mornington Peninsula"],
    ],
  },
  {
    slug: "qld",
    name: "QLD",
    state: "QLD",
    weekdays: [3, 6],
    daysLabel: "Wednesday and Saturday",
    timeLabel: "8am to 6pm",
    note: "Gold Coast and Sunshine Coast deliveries arrive on Wednesdays only.",
    leadDays: 2,
    everyWeeks: 1,
    hasOvernight: false,
    ranges: [
      [4000, 4184, "Brisbane metro"],
      [4205, 4230, "Gold Coast"],
      [4500, 4575, "Moreton Bay and Sunshine Coast"],
    ],
  },
  {
    slug: "sa",
    name: "SA",
    state: "SA",
    weekdays: [4],
    daysLabel: "Thursday",
    timeLabel: "8am to 6pm",
    note: "Adelaide Hills included.",
    leadDays: 3,
    everyWeeks: 1,
    hasOvernight: false,
    ranges: [
      [5000, 5174, "Adelaide metro"],
      [5240, 5255, "Adelaide Hills"],
    ],
  },
  {
    slug: "wa",
    name: "WA",
    state: "WA",
    weekdays: [5],
    daysLabel: "Every second Friday (fortnightly)",
    timeLabel: "8am to 6pm",
    note: "Perth deliveries run fortnightly.",
    leadDays: 4,
    everyWeeks: 2,
    hasOvernight: false,
    ranges: [
      [6000, 6199, "Perth metro"],
      [6207, 6215, "Mandurah"],
    ],
  },
  {
    slug: "tas",
    name: "TAS",
    state: "TAS",
    weekdays: [4],
    daysLabel: "Thursday",
    timeLabel: "8am to 6pm",
    note: "Salmon is not shipped to Tasmania due to quarantine restrictions on our wild salmon.",
    leadDays: 3,
    everyWeeks: 1,
    hasOvernight: false,
    ranges: [
      [7000, 7055, "Hobart"],
      [7248, 7277, "Launceston"],
    ],
  },
  {
    slug: "nt",
    name: "NT",
    state: "NT",
    weekdays: [3],
    daysLabel: "One Wednesday a month (monthly)",
    timeLabel: "8am to 6pm",
    note: "Darwin deliveries run monthly.",
    leadDays: 5,
    everyWeeks: 4,
    hasOvernight: false,
    ranges: [[800, 832, "Darwin and Palmerston"]],
  },
];

export type SeedDiscount = {
  code: string;
  description: string;
  kind: "percent" | "amount" | "free_item";
  value: number;
  chooseItems: boolean;
  items: {
    productSlug: string;
    choice: boolean;
    itemOrder: number | null;
    minimum: number | null;
  }[];
};

export const DISCOUNTS: SeedDiscount[] = [
  {
    code: "WELCOME20",
    description: "20% off your first box",
    kind: "percent",
    value: 20,
    chooseItems: false,
    items: [],
  },
  {
    code: "FREEBREAKFAST",
    description: "A free breakfast add-on of your choice with your first box",
    kind: "free_item",
    value: 0,
    chooseItems: true,
    items: [
      { productSlug: "addon-bacon", choice: true, itemOrder: 1, minimum: null },
      { productSlug: "addon-pork-sausages", choice: true, itemOrder: 1, minimum: null },
      { productSlug: "addon-butter", choice: true, itemOrder: 1, minimum: null },
    ],
  },
  {
    code: "SALMONGIFT",
    description: "Free wild salmon portions with your first box",
    kind: "free_item",
    value: 0,
    chooseItems: false,
    items: [
      { productSlug: "addon-salmon-portions", choice: false, itemOrder: null, minimum: null },
    ],
  },
];

export const GIFT_CARD_BONUS = { bonusPercent: 10, minimumCents: 10000 };

// The demo passwords' stored forms, computed once with the app's own hasher (so the seed needs no
// rule of app/accounts): `hashPassword(password)` from app/accounts/password.server.ts, scrypt with
// N=16384, r=8, p=1, a 32-byte key and a random 16-byte salt, printed and pasted here. The hash
// carries its parameters, so sign-in verifies it as it does any other; tests/unit/seed-data.test.ts
// checks that each one verifies against its password.

/** Demo accounts documented in the README. */
export const DEMO_SUBSCRIBER = {
  email: "demo@paddockandtide.com.au",
  password: "Paddock-Demo-2026",
  passwordHash:
    "scrypt$16384$8$1$8QIPOkWllpIpy+38yhd3QA==$cDj3CNbTpikLScUBVNOgUetlZUN0r9q7GIG5ZbkQBYg=",
  firstName: "Olivia",
  lastName: "Nguyen",
  phone: "0412 345 678",
};

/** A second subscriber (Tasmania), so every owner-scoping check has someone else's data to miss. */
export const DEMO_SECOND_SUBSCRIBER = {
  email: "second.subscriber@paddockandtide.com.au",
  password: "Paddock-Second-2026",
  passwordHash:
    "scrypt$16384$8$1$DRmto/BcISeySLL2v+YjtA==$0i/1FeQ3C5Vp2BNT1EEuMzqlv4I/St9a0qFDBSF+/oI=",
  firstName: "Jack",
  lastName: "Morrison",
  phone: "+61423456789",
  address: {
    addressType: "house" as const,
    line1: "41 Davey Street",
    city: "Hobart",
    state: "TAS",
    postcode: "7000",
  },
};

/**
 * One demo member of staff per role (issue 36), each with an authenticator secret (base32) to add to
 * an authenticator app, listed in the README. The passwords' hashes are made as above.
 */
export const DEMO_STAFF = [
  {
    role: "owner" as const,
    email: "owner@paddockandtide.com.au",
    password: "Paddock-Owner-2026",
    passwordHash:
      "scrypt$16384$8$1$dn+q+4xE15D1KAP3/E4bDQ==$0Pd30aVP8Vl1w+atkW/IFh/PM5Wdu9aAboWAPkhKnh0=",
    totpSecret: "BAUV7742BQTVUACAU5FH63MXRZNV5X2M",
    firstName: "Harriet",
    lastName: "Cole",
  },
  {
    role: "support" as const,
    email: "support@paddockandtide.com.au",
    password: "Paddock-Support-2026",
    passwordHash:
      "scrypt$16384$8$1$zotoHDIQP/44MOU4Vx8zWg==$03WRo2uUVVsvlQHOkjiXhVIxLZdypJnw7GXNuwDIdqQ=",
    totpSecret: "OGMAVNQ5MQBLKJKJ5FXYZVE6BYIY2IZS",
    firstName: "Sam",
    lastName: "Price",
  },
  {
    role: "packer" as const,
    email: "packer@paddockandtide.com.au",
    password: "Paddock-Packer-2026",
    passwordHash:
      "scrypt$16384$8$1$JWvqepgVABE8wdXc5/odbw==$HBc44zTi6Pf8lhmdDx+lb0EjEJo+UinOZmckXuVUds0=",
    totpSecret: "5FR4VNB55M63S2MK6IJFY6SHYEI5VOFI",
    firstName: "Tom",
    lastName: "Walsh",
  },
  {
    role: "editor" as const,
    email: "editor@paddockandtide.com.au",
    password: "Paddock-Editor-2026",
    passwordHash:
      "scrypt$16384$8$1$Xwjjx9cwg0Ns+xlfVUQKVA==$CfUdMhbevq9ZSfUJcX2yJnKozcGUUNroQ27OcG+7QlE=",
    totpSecret: "SW33WXVLVP6N4AW2LN63HOML4Z3P37CU",
    firstName: "Ruby",
    lastName: "Hart",
  },
];
