// Editorial seed data for Paddock & Tide.
// Australian meat & wild-caught seafood, delivered.
//
// All HTML strings use a small, safe subset of tags: <p>, <h2>, <h3>, <ul>,
// <ol>, <li>, <strong>, <em> and internal <a href="/..."> links only.

import type {
  SeedAuthor,
  SeedCategory,
  SeedConcept,
  SeedFaq,
  SeedHomepage,
  SeedLegalPage,
  SeedLocation,
  SeedNewsPost,
  SeedRecipe,
  SeedSocialPost,
  SeedTestimonial,
} from "./content-types";

/* -------------------------------------------------------------------------- */
/* Authors                                                                    */
/* -------------------------------------------------------------------------- */

export const SEED_AUTHORS: SeedAuthor[] = [
  { key: "maggie", name: "Maggie Doyle", avatar: "/images/avatar-1.svg" },
  { key: "tom", name: "Tom Reilly", avatar: "/images/avatar-2.svg" },
  { key: "priya", name: "Priya Nair", avatar: "/images/avatar-3.svg" },
  { key: "jack", name: "Jack Whitford", avatar: "/images/avatar-4.svg" },
];

/* -------------------------------------------------------------------------- */
/* Categories                                                                 */
/* -------------------------------------------------------------------------- */

export const SEED_RECIPE_CATEGORIES: SeedCategory[] = [
  { name: "Beef", slug: "beef" },
  { name: "Lamb", slug: "lamb" },
  { name: "Pork", slug: "pork" },
  { name: "Chicken", slug: "chicken" },
  { name: "Seafood", slug: "seafood" },
  { name: "Barbecue", slug: "barbecue" },
  { name: "Quick weeknight", slug: "quick-weeknight" },
  { name: "Slow cooking", slug: "slow-cooking" },
];

export const SEED_NEWS_CATEGORIES: SeedCategory[] = [
  { name: "Farmers & fishers", slug: "farmers-and-fishers" },
  { name: "Sustainability", slug: "sustainability" },
  { name: "Behind the box", slug: "behind-the-box" },
  { name: "Company news", slug: "company-news" },
];

/* -------------------------------------------------------------------------- */
/* News                                                                       */
/* -------------------------------------------------------------------------- */

export const SEED_NEWS: SeedNewsPost[] = [
  {
    slug: "meet-the-mcleans-grass-fed-beef-new-england",
    title: "Meet the McLeans: four generations of grass-fed beef in New England",
    metaDescription:
      "We spent a frosty morning with the McLean family on their New England property to talk grass, patience and why good beef can't be rushed.",
    content: `<p>At 6am in July the paddocks outside Walcha are white with frost, and Ian McLean is already out checking water troughs. His family has run cattle on this country for four generations, and a good share of the grass-fed beef in our boxes comes from their herd.</p>
<h2>Grass first, cattle second</h2>
<p>Ian likes to say he's a grass farmer who happens to sell beef. The McLeans rotate their cattle through small paddocks, moving the mob every few days so the pasture gets a proper rest. It takes more fencing and more time on the bike, but the soil holds water better and the cattle finish well on grass alone.</p>
<p>That slow, steady growth is what you taste in a scotch fillet or a rump from their herd: a deeper, beefier flavour and fat with a faint yellow tinge from the pasture. It's also why we don't ask them to hurry. If the season is dry, the cattle wait.</p>
<h2>Why we buy direct</h2>
<p>We agree volumes and prices with the McLeans well ahead of time, so they can plan their year instead of guessing what the saleyards will do. In return we get consistent, well-finished cattle and a family we can pick up the phone to. When you choose beef in a <a href="/get-started">custom box</a>, there's a good chance it started its life on this hill.</p>
<p>Next time you're searing a steak, spare a thought for Ian and his frozen fingers. He'd tell you to let it rest for five minutes before you cut it.</p>`,
    thumbnail: {
      url: "/images/news-farmers.svg",
      alt: "Farmer leaning on a gate in front of a frosty paddock with cattle grazing behind",
    },
    authorKey: "maggie",
    categories: ["Farmers & fishers"],
    createdAt: "2026-01-13T08:30:00.000Z",
  },
  {
    slug: "how-we-pack-your-box",
    title: "How we pack your box so it arrives cold",
    metaDescription:
      "From the cool room to your doorstep: a step-by-step look at how every Paddock & Tide box is packed to stay cold in the Australian summer.",
    content: `<p>January in Australia is a tough month to deliver meat. Our packing team works in a cool room kept at a few degrees, and every box goes through the same routine before it leaves the building, whether it's heading to Parramatta or Port Hedland.</p>
<h2>Step by step</h2>
<ol>
<li><strong>Pick and check.</strong> Each cut is picked against your order, weighed and checked for seal and use-by date.</li>
<li><strong>Line the box.</strong> Boxes are lined with insulated liners made from pressed wool, which keep the cold in for well over a day.</li>
<li><strong>Ice it.</strong> Gel ice packs go under and over the meat. In summer we add extra, and seafood always sits closest to the ice.</li>
<li><strong>Seal and label.</strong> The box is sealed, labelled with your delivery window and loaded straight into a refrigerated truck.</li>
</ol>
<h2>Why it works</h2>
<p>The cold chain only works if there are no gaps, so our boxes go from cool room to chilled truck to your door without sitting on a warm dock. We test our packing every season with temperature loggers tucked inside real deliveries, and adjust the ice when the weather turns.</p>
<p>When your box arrives, unpack it into the fridge or freezer as soon as you can. If anything doesn't feel properly cold, take a photo and get in touch at <strong>hello@paddockandtide.com.au</strong> and we'll sort it out. You can read more in our <a href="/faq">FAQ</a>.</p>`,
    thumbnail: {
      url: "/images/news-box.svg",
      alt: "Open delivery box with an insulated wool liner, ice packs and vacuum-sealed cuts of meat",
    },
    authorKey: "priya",
    categories: ["Behind the box"],
    createdAt: "2026-02-04T09:00:00.000Z",
  },
  {
    slug: "what-wild-caught-really-means",
    title: "What wild-caught really means (and why we care)",
    metaDescription:
      "Wild-caught is more than a label. Here's how we choose the fisheries behind our seafood and what we ask of the boats we buy from.",
    content: `<p>Every piece of seafood we sell is wild-caught. That's a deliberate choice, and it comes with responsibilities, because a wild fishery is only as good as the way it's managed.</p>
<h2>What we look for</h2>
<p>Before we buy from a fishery we ask three simple questions. Is the stock healthy and assessed regularly? Are catch limits set and actually enforced? And does the fishing method keep bycatch and damage to the sea floor low? Australian fisheries are some of the best managed in the world, but it still pays to ask.</p>
<ul>
<li>Prawns from managed trawl fisheries with closed seasons and bycatch reduction devices</li>
<li>Scallops and calamari from fisheries with strict quotas and size limits</li>
<li>White fish from line and trap fishers working close to home</li>
<li>Mussels from small family operators on the southern coast</li>
</ul>
<h2>Seasons matter</h2>
<p>Wild fish don't run to a calendar, so sometimes a species isn't available or the boats can't get out. When that happens we'll swap in something comparable and let you know. We'd rather do that than buy from a fishery we don't trust.</p>
<p>If you have questions about where a particular product comes from, ask us. Our team can usually tell you the region, and often the boat.</p>`,
    thumbnail: {
      url: "/images/news-boat.svg",
      alt: "Small fishing boat heading out across calm water at dawn",
    },
    authorKey: "maggie",
    categories: ["Sustainability", "Farmers & fishers"],
    createdAt: "2026-03-10T07:45:00.000Z",
  },
  {
    slug: "on-the-water-with-spencer-gulf-prawn-fishers",
    title: "On the water with the prawn fishers of Spencer Gulf",
    metaDescription:
      "A night on a prawn trawler in South Australia's Spencer Gulf, where a handful of families work one of the country's most carefully managed fisheries.",
    content: `<p>The prawns in your box were almost certainly caught at night. We joined skipper Dean Kostas and his crew out of Port Lincoln to see how it's done, and came home with a lot of respect and very little sleep.</p>
<h2>A fishery that counts everything</h2>
<p>Spencer Gulf prawn fishers don't just head out whenever they like. Before each fishing period, the fleet runs survey shots across the gulf to check the size of the prawns. If they're too small, whole areas stay closed. The fishers make those calls together, and they take them seriously because their kids want to fish here too.</p>
<p>On the night we went out, the boat worked only a few hours around the dark of the moon, when the prawns are most active. Each haul was sorted on deck within minutes, graded by size and snap-frozen on board.</p>
<h2>From deck to your freezer</h2>
<p>Freezing at sea locks in the sweet, clean flavour that makes gulf king prawns so good. They stay frozen all the way to our cool room and into your box, which means you can keep them on hand for a barbecue without worrying about them going off.</p>
<p>Try them in our <a href="/recipe-post/garlic-and-chilli-barbecue-prawns">garlic and chilli barbecue prawns</a>. Dean reckons they need nothing more than a hot plate and a squeeze of lemon, and he's not wrong.</p>`,
    thumbnail: {
      url: "/images/news-boat.svg",
      alt: "Prawn trawler with its lights on working the gulf at night",
    },
    authorKey: "maggie",
    categories: ["Farmers & fishers"],
    createdAt: "2026-04-08T10:15:00.000Z",
  },
  {
    slug: "wa-and-nt-delivery-update",
    title: "Delivery update for Western Australia and the Northern Territory",
    metaDescription:
      "Western Australia now receives Paddock & Tide deliveries every fortnight, and the Northern Territory monthly. Here's what that means for your subscription.",
    content: `<p>Getting cold boxes across the country is the hardest thing we do, and some of you are a very long way from our packing rooms. We've spent the last few months reworking our freight so we can serve the west and the north more reliably.</p>
<h2>What's changing</h2>
<ul>
<li><strong>Western Australia:</strong> deliveries now run <strong>fortnightly</strong>. If you're on a weekly plan, we'll move you to fortnightly automatically and your box will be sized to match.</li>
<li><strong>Northern Territory:</strong> deliveries run <strong>monthly</strong>. Your delivery date is shown in your account as soon as you subscribe.</li>
</ul>
<p>Delivery is still free, with no minimum order, and you can still skip, pause or cancel anytime.</p>
<h2>Why the change</h2>
<p>Consolidating deliveries lets us send refrigerated freight direct rather than through multiple handovers, which is where the cold chain is most likely to break. Fewer, better-planned runs mean colder boxes and fewer delays for everyone in WA and the NT.</p>
<p>If your regular delivery day has moved, you'll receive an email with the new date. Any questions, call us on <strong>1300 975 707</strong> or check the <a href="/delivery">delivery page</a>.</p>`,
    thumbnail: {
      url: "/images/news-delivery.svg",
      alt: "Refrigerated delivery van on an outback highway under a wide blue sky",
    },
    authorKey: "priya",
    categories: ["Company news", "Behind the box"],
    createdAt: "2026-05-05T06:30:00.000Z",
  },
  {
    slug: "slow-cooking-season-is-here",
    title: "Slow cooking season is here: what's in the boxes this winter",
    metaDescription:
      "As the weather cools, our curated boxes lean towards brisket, lamb shoulder and beef for braising. Here's what to expect and how to cook it.",
    content: `<p>There's a moment every year when the evenings turn cold and everyone starts asking for brisket. Winter is our favourite time to pack boxes, because it's when the harder-working cuts really get their moment.</p>
<h2>What you'll see more of</h2>
<ul>
<li><strong>Beef brisket and chuck</strong> for braises, curries and low-and-slow barbecue</li>
<li><strong>Lamb shoulder</strong> for Sunday roasts that fall off the bone</li>
<li><strong>Pork belly</strong> for crackling, and plenty of sausages for mid-week mash</li>
<li><strong>Chicken thighs</strong> for soups and one-pot dinners</li>
</ul>
<p>Curated boxes change every month, so if you're on a Beef, Beef &amp; Pork or Mixed box you'll notice the shift. On a custom box you're in charge, and all of these cuts are on the list.</p>
<h2>A few tips for slow cooking</h2>
<p>Brown the meat well before it goes into the pot, and don't crowd the pan. Keep the liquid at a gentle simmer rather than a boil, and give the cut time. A lamb shoulder needs around four hours at low heat; a beef curry is at its best after two and a half.</p>
<p>For ideas, try our <a href="/recipe-post/slow-roasted-lamb-shoulder">slow-roasted lamb shoulder</a> or the <a href="/recipe-post/beef-massaman-curry">beef massaman curry</a>.</p>`,
    thumbnail: {
      url: "/images/hero-paddock-desktop.svg",
      alt: "Rolling green paddocks under a low winter sun",
    },
    authorKey: "tom",
    categories: ["Behind the box"],
    createdAt: "2026-06-02T08:00:00.000Z",
  },
  {
    slug: "our-packaging-is-now-fully-recyclable",
    title: "Our packaging is now fully recyclable or compostable",
    metaDescription:
      "Every part of a Paddock & Tide box can now be recycled, composted or sent back to us. Here's how to dispose of each piece.",
    content: `<p>Keeping meat cold over long distances takes packaging, and for a long time that meant polystyrene. We stopped using it a while ago, and as of this month every part of our box can be recycled, composted or returned.</p>
<h2>How to dispose of each part</h2>
<ul>
<li><strong>Outer cardboard box:</strong> flatten it and put it in your kerbside recycling.</li>
<li><strong>Wool liners:</strong> the wool is compostable and great as garden mulch. You can also reuse them, they make a handy cooler bag liner.</li>
<li><strong>Gel ice packs:</strong> the gel is non-toxic and water based. Keep them for your lunch box or cut them open, pour the gel in the bin and recycle the plastic through soft plastic collection.</li>
<li><strong>Vacuum-sealed bags:</strong> rinse and drop them at a soft plastic collection point.</li>
</ul>
<h2>Less packaging overall</h2>
<p>We've also right-sized our boxes. Small boxes now use a smaller outer carton and liner, which means less material and more room in the truck. It's a small change, but across thousands of deliveries it adds up.</p>
<p>We're not finished. Next on the list is a simple way to send liners back with your next delivery. Have an idea? Email us at <strong>hello@paddockandtide.com.au</strong>, we read every message.</p>`,
    thumbnail: {
      url: "/images/news-sustainability.svg",
      alt: "Flattened cardboard box, wool liner and gel packs sorted for recycling",
    },
    authorKey: "jack",
    categories: ["Sustainability"],
    createdAt: "2026-06-24T09:30:00.000Z",
  },
  {
    slug: "overnight-silent-delivery-explained",
    title: "Overnight silent delivery: your box, ready before breakfast",
    metaDescription:
      "In some metro areas you can now choose overnight silent delivery. No SMS, no knock on the door, just a cold box waiting when you wake up.",
    content: `<p>Our standard delivery window runs from <strong>8am to 6pm</strong>, and for most people that works well. But we kept hearing from shift workers, parents of newborns and anyone with a very loud dog that a daytime drop-off wasn't ideal. So we've added an overnight option.</p>
<h2>How it works</h2>
<p>If overnight silent delivery is available at your address, you'll see it as an option at checkout and in your account. Your box is delivered overnight and left in the safe place you've nominated, ready when you get up.</p>
<p>It's called silent for a reason: <strong>no SMS and no driver notification is sent</strong>, so nobody's phone is buzzing at 3am. You'll still get your usual order confirmation email beforehand.</p>
<h2>Where it's available</h2>
<p>For now, overnight silent delivery is offered in selected metro areas where our refrigerated vans already run at night. Enter your postcode on the <a href="/delivery">delivery page</a> to check. We'll add more areas as our routes grow.</p>
<p>A tip: choose a shaded, covered spot for your box, and unpack it when you get up. The insulation keeps everything cold for well over a day, but the fridge is always the best place for it.</p>`,
    thumbnail: {
      url: "/images/news-delivery.svg",
      alt: "Delivery van parked on a quiet suburban street before dawn",
    },
    authorKey: "priya",
    categories: ["Company news", "Behind the box"],
    createdAt: "2026-07-15T07:00:00.000Z",
  },
  {
    slug: "coorong-lamb-with-the-hartley-family",
    title: "Salt, saltbush and sweet lamb: a visit to the Hartleys in the Coorong",
    metaDescription:
      "The Hartley family raise lamb on the edge of South Australia's Coorong, where saltbush and sea air give the meat a flavour all its own.",
    content: `<p>Drive south-east from Adelaide for a couple of hours and the country flattens into lagoons, dunes and grey-green saltbush. This is where Sarah and Rob Hartley run their flock, and where much of the lamb in our boxes comes from.</p>
<h2>Country that shapes the flavour</h2>
<p>The Hartleys' sheep graze on a mix of pasture and native saltbush. Sarah will tell you the saltbush keeps them healthy through the dry months, and chefs will tell you it gives the meat a clean, slightly savoury flavour. Either way, it's good lamb.</p>
<p>They lamb in late autumn, when feed is reliable, and the lambs grow on their mothers before moving onto pasture. Nothing about it is rushed, and the family is fussy about animal welfare, low-stress handling and giving the land a rest.</p>
<h2>Nose to tail</h2>
<p>We buy whole lambs from the Hartleys rather than just the popular cuts, so chops and racks are balanced with shoulders, legs and mince. That's part of why our <a href="/get-started">curated boxes</a> change every month: we use the whole animal, and we think you should get to enjoy all of it.</p>
<p>If you've never slow-roasted a lamb shoulder, this is the lamb to start with.</p>`,
    thumbnail: {
      url: "/images/news-farmers.svg",
      alt: "Sheep grazing among saltbush near a coastal lagoon",
    },
    authorKey: "maggie",
    categories: ["Farmers & fishers"],
    createdAt: "2026-08-11T08:45:00.000Z",
  },
  {
    slug: "spring-on-the-coast-seasonal-seafood",
    title: "Spring on the coast: what's good in seafood right now",
    metaDescription:
      "Warmer water means busy boats. Here's what's in season for spring, from calamari and mussels to the first good runs of prawns.",
    content: `<p>Spring is when the coast wakes up. The water warms, the days stretch out and our fishing partners are back on the water more often. It's a great time to add seafood to your box.</p>
<h2>What's looking good</h2>
<ul>
<li><strong>Calamari:</strong> tender and sweet, perfect on a hot grill for a couple of minutes a side.</li>
<li><strong>Mussels:</strong> plump and full of flavour. A pot of mussels is one of the fastest dinners there is.</li>
<li><strong>White fish:</strong> firm, mild fillets for tacos, curries or a simple pan-fry.</li>
<li><strong>Salmon:</strong> rich and easy, and a favourite in our Salmon curated box.</li>
</ul>
<h2>A note for Tasmania</h2>
<p>Because of quarantine restrictions on wild salmon, we can't ship salmon to Tasmania. Tasmanian customers won't see salmon in the shop or in curated boxes, and we substitute other seafood instead.</p>
<p>Looking for ideas? Our <a href="/recipe-post/chargrilled-calamari-salad">chargrilled calamari salad</a> and <a href="/recipe-post/mussels-in-tomato-and-white-wine">mussels in tomato and white wine</a> are both on the table in under half an hour.</p>`,
    thumbnail: {
      url: "/images/hero-coast-desktop.svg",
      alt: "Rocky Australian coastline with a fishing boat offshore on a clear spring day",
    },
    authorKey: "tom",
    categories: ["Farmers & fishers", "Behind the box"],
    createdAt: "2026-09-16T09:00:00.000Z",
  },
  {
    slug: "why-custom-boxes-have-more-meat",
    title: "Why custom boxes come with 20% more meat",
    metaDescription:
      "Custom boxes let you choose from more than 40 cuts and include 20% more meat than curated boxes. Here's how the two options compare.",
    content: `<p>We get asked this a lot: what's the difference between a custom and a curated box, and why does the custom box have more in it? The short answer is that they're built for different kinds of cooks.</p>
<h2>Custom boxes</h2>
<p>With a custom box you pick every item from more than 40 cuts of meat and seafood. A small custom box has <strong>8 selections</strong> (from $169, up to 6kg, for 2-3 people) and a large has <strong>16 selections</strong> (from $279, up to 11kg, for 4-5 people). Because you're choosing, custom boxes are packed with <strong>20% more meat</strong> than the equivalent curated box.</p>
<h2>Curated boxes</h2>
<p>Curated boxes are put together by our team, and the contents change every month based on what our farmers and fishers have at their best. Choose from Salmon, Beef, Beef &amp; Chicken, Beef &amp; Pork, Mixed ($169) or Value ($149). A small curated box starts at $149 (up to 5kg), and a large from $209 (up to 9kg, for 3-4 people).</p>
<p>Both come with free delivery, no minimum order, and the freedom to skip, pause or cancel anytime. You can switch between the two from your account whenever you like. Ready to choose? <a href="/get-started">Build your box</a>.</p>`,
    thumbnail: {
      url: "/images/news-box.svg",
      alt: "Two delivery boxes side by side, one with hand-picked cuts and one curated",
    },
    authorKey: null,
    categories: ["Company news"],
    createdAt: "2026-10-07T08:00:00.000Z",
  },
  {
    slug: "christmas-2026-delivery-schedule",
    title: "Christmas 2026: delivery schedule and ordering tips",
    metaDescription:
      "Planning Christmas lunch? Here's how our delivery schedule works over the holidays, plus tips for ordering prawns, roasts and extras in time.",
    content: `<p>Christmas is our busiest time of year by a long way, and we want your box to turn up well before the big day. Here's how to plan ahead.</p>
<h2>Key things to know</h2>
<ul>
<li>Delivery windows stay the same: <strong>8am to 6pm</strong>, with overnight silent delivery in some metro areas.</li>
<li>Popular cuts like prawns, scotch fillet, pork belly and whole chickens sell out fast in December. Add them early.</li>
<li>Your holiday delivery date is shown in your account. If you want to move it, change it before the order cut-off.</li>
<li>WA (fortnightly) and NT (monthly) customers should check their next delivery date now, so you can order enough to cover the holidays.</li>
</ul>
<h2>Feeding a crowd</h2>
<p>A large custom box feeds 4-5 people for a week, so for Christmas lunch many families add extras or double up with a one-off box. Recurring add-ons can be changed each order, so you can add prawns for December and drop them again in January.</p>
<p>Gift cards are available from $10 and are delivered by email, which makes them a handy last-minute present. See the <a href="/faq">FAQ</a> for more, or call us on <strong>1300 975 707</strong>.</p>`,
    thumbnail: {
      url: "/images/news-delivery.svg",
      alt: "Delivery box tied with a festive ribbon on a front doorstep",
    },
    authorKey: null,
    categories: ["Company news"],
    createdAt: "2026-11-03T07:30:00.000Z",
  },
];

/* -------------------------------------------------------------------------- */
/* Recipes                                                                    */
/* -------------------------------------------------------------------------- */

export const SEED_RECIPES: SeedRecipe[] = [
  {
    slug: "scotch-fillet-with-garlic-thyme-butter",
    title: "Scotch fillet with garlic and thyme butter",
    metaDescription:
      "A restaurant-style scotch fillet at home: a hard sear, a butter baste with garlic and thyme, and a proper rest. Ready in under half an hour.",
    content: `<p>Scotch fillet is the cut our customers choose more than any other, and for good reason. The marbling keeps it juicy and full of flavour, and it's forgiving if you go a touch past medium-rare.</p>
<p>The trick here is basting: once the steak has a good crust, you tilt the pan and spoon foaming garlic and thyme butter over it again and again. Take it out of the fridge 30 minutes before cooking and let it rest properly afterwards. That's it.</p>`,
    thumbnail: {
      url: "/images/dish-steak-plate.svg",
      alt: "Sliced scotch fillet steak on a plate with garlic butter and thyme",
    },
    authorKey: "tom",
    categories: ["beef", "quick-weeknight"],
    preparationTime: 10,
    cookingTime: 15,
    servings: 2,
    ingredients: [
      "2 scotch fillet steaks (about 300g each, 3cm thick)",
      "1 tbsp vegetable or rice bran oil",
      "40g unsalted butter",
      "3 garlic cloves, lightly crushed",
      "4 sprigs fresh thyme",
      "1 tsp flaky sea salt",
      "1/2 tsp freshly cracked black pepper",
      "150g rocket, to serve",
      "1 lemon, cut into wedges",
    ],
    directions: [
      "Take the steaks out of the fridge 30 minutes before cooking. Pat dry with paper towel and season both sides generously with salt and pepper.",
      "Heat a heavy-based frying pan over high heat until it's smoking hot, then add the oil.",
      "Lay the steaks away from you into the pan and cook without moving for 3 minutes, until a deep brown crust forms. Turn and cook for another 2 minutes.",
      "Reduce the heat to medium and add the butter, garlic and thyme. Tilt the pan and spoon the foaming butter over the steaks continuously for 1-2 minutes for medium-rare (internal temperature about 52C).",
      "Transfer the steaks to a board, spoon over the garlic butter and rest for 5-8 minutes.",
      "Slice against the grain and serve with rocket, lemon wedges and any resting juices poured over the top.",
    ],
    featured: true,
    highlight: true,
    createdAt: "2026-01-08T09:00:00.000Z",
  },
  {
    slug: "slow-roasted-lamb-shoulder",
    title: "Slow-roasted lamb shoulder with rosemary and garlic",
    metaDescription:
      "A bone-in lamb shoulder roasted low and slow until it pulls apart with a spoon. A Sunday lunch that mostly cooks itself.",
    content: `<p>A lamb shoulder is one of the best value cuts you can buy and one of the easiest to cook. Give it four hours in a low oven with plenty of garlic and rosemary and it turns meltingly tender.</p>
<p>Serve it straight from the tray with roast potatoes, a green salad and the pan juices. Leftovers make excellent wraps the next day.</p>`,
    thumbnail: {
      url: "/images/dish-roast.svg",
      alt: "Slow-roasted lamb shoulder pulled apart on a tray with rosemary and roast potatoes",
    },
    authorKey: "tom",
    categories: ["lamb", "slow-cooking"],
    preparationTime: 20,
    cookingTime: 270,
    servings: 6,
    ingredients: [
      "1 bone-in lamb shoulder (about 2kg)",
      "1 garlic bulb, cloves separated and peeled",
      "4 sprigs fresh rosemary",
      "2 tbsp olive oil",
      "2 tsp sea salt",
      "1 tsp ground black pepper",
      "2 brown onions, thickly sliced",
      "250ml dry white wine",
      "250ml chicken stock",
      "1 lemon, juiced",
    ],
    directions: [
      "Preheat the oven to 160C (140C fan-forced). Take the lamb out of the fridge 30 minutes before cooking.",
      "Cut small slits all over the lamb with a sharp knife. Push a garlic clove and a few rosemary leaves into each slit.",
      "Rub the lamb with olive oil, salt and pepper. Scatter the onions and any remaining garlic over the base of a roasting tray and sit the lamb on top.",
      "Pour the wine and stock into the tray. Cover tightly with baking paper and then foil.",
      "Roast for 4 hours, until the meat pulls easily from the bone. Check halfway and add a splash of water if the tray looks dry.",
      "Uncover, increase the oven to 220C (200C fan-forced) and roast for another 20-30 minutes to brown the top.",
      "Rest for 15 minutes, squeeze over the lemon juice and pull the meat apart with two forks. Spoon over the pan juices to serve.",
    ],
    featured: true,
    highlight: false,
    createdAt: "2026-01-22T08:30:00.000Z",
  },
  {
    slug: "crispy-fish-tacos-with-lime-slaw",
    title: "Crispy fish tacos with lime slaw",
    metaDescription:
      "Crumbed wild-caught white fish, crunchy lime slaw and a quick chipotle mayo in warm tortillas. A Friday night favourite ready in 30 minutes.",
    content: `<p>These are the tacos we make when the weather's warm and nobody wants to stand over the stove for long. Firm white fish is crumbed and shallow-fried until golden, then piled into tortillas with a zingy slaw.</p>
<p>Set everything out on the table and let everyone build their own.</p>`,
    thumbnail: {
      url: "/images/dish-fish-tacos.svg",
      alt: "Fish tacos topped with purple cabbage slaw, coriander and lime wedges",
    },
    authorKey: "tom",
    categories: ["seafood", "quick-weeknight"],
    preparationTime: 20,
    cookingTime: 10,
    servings: 4,
    ingredients: [
      "600g wild-caught white fish fillets, skin off, cut into 3cm strips",
      "75g plain flour",
      "2 eggs, lightly beaten",
      "100g panko breadcrumbs",
      "125ml vegetable oil, for shallow frying",
      "200g red cabbage, finely shredded",
      "2 limes, 1 juiced and 1 cut into wedges",
      "1/2 bunch coriander, leaves picked",
      "80g whole-egg mayonnaise",
      "1 tsp chipotle in adobo sauce, finely chopped",
      "8 small flour tortillas, warmed",
    ],
    directions: [
      "Toss the cabbage with the lime juice, half the coriander and a pinch of salt. Set aside.",
      "Mix the mayonnaise and chipotle in a small bowl.",
      "Place the flour, egg and panko in three separate shallow bowls. Season the flour with salt and pepper. Dust each piece of fish in flour, dip in egg, then press into the panko.",
      "Heat the oil in a large frying pan over medium-high heat. Fry the fish in batches for 2 minutes each side, until golden and cooked through. Drain on paper towel.",
      "Fill the warm tortillas with slaw and fish, drizzle with chipotle mayo and top with the remaining coriander. Serve with lime wedges.",
    ],
    featured: true,
    highlight: false,
    createdAt: "2026-02-03T07:15:00.000Z",
  },
  {
    slug: "beef-massaman-curry",
    title: "Beef massaman curry",
    metaDescription:
      "A rich, gently spiced Thai massaman curry with chunks of slow-cooked beef, potatoes and roasted peanuts. Even better the next day.",
    content: `<p>Massaman is the friendliest of Thai curries: fragrant rather than fiery, with warm spices, coconut milk and a touch of tamarind. It's made for cuts like chuck or brisket that need time to soften.</p>
<p>Make a double batch. It freezes beautifully and tastes even better after a night in the fridge.</p>`,
    thumbnail: {
      url: "/images/dish-curry.svg",
      alt: "Bowl of beef massaman curry with potatoes and peanuts beside steamed rice",
    },
    authorKey: "tom",
    categories: ["beef", "slow-cooking"],
    preparationTime: 25,
    cookingTime: 150,
    servings: 6,
    ingredients: [
      "1.2kg beef chuck or brisket, cut into 4cm pieces",
      "2 tbsp vegetable oil",
      "115g massaman curry paste",
      "2 x 400ml cans coconut milk",
      "250ml beef stock",
      "2 tbsp fish sauce",
      "2 tbsp brown sugar",
      "1 tbsp tamarind puree",
      "1 cinnamon stick",
      "500g waxy potatoes, peeled and cut into 4cm pieces",
      "1 brown onion, cut into wedges",
      "70g roasted unsalted peanuts",
    ],
    directions: [
      "Heat the oil in a large, heavy-based saucepan over medium-high heat. Brown the beef in batches, then set aside.",
      "Reduce the heat to medium, add the curry paste and fry for 2 minutes, stirring, until fragrant.",
      "Stir in the coconut milk, stock, fish sauce, sugar, tamarind and cinnamon. Return the beef and any juices to the pan.",
      "Bring to a simmer, cover with the lid slightly ajar and cook gently for 1 hour 30 minutes, stirring now and then.",
      "Add the potatoes and onion and simmer, uncovered, for another 45-60 minutes, until the beef is tender and the sauce has thickened.",
      "Taste and adjust with more fish sauce or sugar. Scatter with peanuts and serve with steamed jasmine rice.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-02-19T09:45:00.000Z",
  },
  {
    slug: "chargrilled-calamari-salad",
    title: "Chargrilled calamari salad with chilli and herbs",
    metaDescription:
      "Tender chargrilled calamari tossed with chilli, lemon, herbs and cherry tomatoes. A fresh summer salad that's on the table in 25 minutes.",
    content: `<p>The secret to tender calamari is simple: cook it very fast or very slow. Here it goes onto a smoking-hot grill for barely two minutes, then straight into a bright, herby salad.</p>
<p>It's great as a light dinner or as part of a barbecue spread.</p>`,
    thumbnail: {
      url: "/images/dish-salad.svg",
      alt: "Chargrilled calamari salad with cherry tomatoes, herbs and sliced chilli",
    },
    authorKey: "tom",
    categories: ["seafood", "barbecue", "quick-weeknight"],
    preparationTime: 20,
    cookingTime: 5,
    servings: 4,
    ingredients: [
      "600g calamari tubes, cleaned",
      "3 tbsp extra virgin olive oil",
      "1 long red chilli, finely sliced",
      "2 garlic cloves, finely grated",
      "1 lemon, zested and juiced",
      "250g cherry tomatoes, halved",
      "1 Lebanese cucumber, sliced",
      "1/2 red onion, finely sliced",
      "1 cup mixed herbs (parsley, mint and basil)",
      "60g baby spinach leaves",
    ],
    directions: [
      "Cut the calamari tubes open so they lie flat. Lightly score the inside in a criss-cross pattern, then cut into 5cm pieces.",
      "Toss the calamari with 1 tbsp olive oil, half the garlic, the lemon zest and a pinch of salt.",
      "Heat a barbecue grill or chargrill pan over very high heat. Cook the calamari for 1 minute each side, until just opaque and lightly charred.",
      "Whisk the remaining oil and garlic with the lemon juice and chilli to make a dressing.",
      "Toss the tomatoes, cucumber, onion, herbs and spinach with half the dressing. Top with the hot calamari, drizzle over the rest of the dressing and serve straight away.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-03-04T08:00:00.000Z",
  },
  {
    slug: "sticky-barbecue-pork-ribs",
    title: "Sticky barbecue pork ribs",
    metaDescription:
      "Pork ribs baked low and slow until tender, then glazed with a smoky homemade barbecue sauce and finished on the grill.",
    content: `<p>These ribs get most of their cooking done in the oven, wrapped tightly so they steam in their own juices. Then they go onto a hot barbecue with a sticky, smoky glaze to caramelise.</p>
<p>Have plenty of napkins handy. There's no polite way to eat these.</p>`,
    thumbnail: {
      url: "/images/dish-bbq.svg",
      alt: "Rack of sticky glazed pork ribs on a wooden board",
    },
    authorKey: "jack",
    categories: ["pork", "barbecue", "slow-cooking"],
    preparationTime: 15,
    cookingTime: 180,
    servings: 4,
    ingredients: [
      "2 racks pork ribs (about 1.6kg total)",
      "2 tbsp brown sugar",
      "2 tsp smoked paprika",
      "1 tsp garlic powder",
      "1 tsp sea salt",
      "250ml tomato sauce",
      "80ml apple cider vinegar",
      "60ml maple syrup",
      "2 tbsp Worcestershire sauce",
      "1 tsp Dijon mustard",
    ],
    directions: [
      "Preheat the oven to 150C (130C fan-forced).",
      "Mix the sugar, paprika, garlic powder and salt. Rub all over the ribs.",
      "Wrap each rack tightly in two layers of foil and place on a baking tray. Bake for 2 hours 30 minutes, until the meat is tender and pulling back from the bones.",
      "Meanwhile, combine the tomato sauce, vinegar, maple syrup, Worcestershire and mustard in a saucepan. Simmer for 10 minutes until thick and glossy.",
      "Heat a barbecue to medium-high. Unwrap the ribs and brush generously with sauce.",
      "Grill for 10-15 minutes, turning and basting often, until sticky and charred in places. Rest for 5 minutes, then cut between the bones to serve.",
    ],
    featured: true,
    highlight: false,
    createdAt: "2026-03-18T10:00:00.000Z",
  },
  {
    slug: "weeknight-beef-bolognese",
    title: "Weeknight beef bolognese",
    metaDescription:
      "A rich, family-friendly beef bolognese made with quality mince and ready in under an hour. Freezes brilliantly.",
    content: `<p>Every household needs a reliable bolognese, and this is ours. Good beef mince browned properly makes all the difference, so don't rush that first step.</p>
<p>It's ready in under an hour, but if you have time, let it bubble away for longer. Portion any leftovers into containers for the freezer.</p>`,
    thumbnail: {
      url: "/images/dish-pasta.svg",
      alt: "Bowl of spaghetti bolognese topped with grated parmesan and basil",
    },
    authorKey: "priya",
    categories: ["beef", "quick-weeknight"],
    preparationTime: 15,
    cookingTime: 45,
    servings: 4,
    ingredients: [
      "500g beef mince",
      "2 tbsp olive oil",
      "1 brown onion, finely chopped",
      "1 carrot, finely chopped",
      "1 celery stick, finely chopped",
      "3 garlic cloves, crushed",
      "2 tbsp tomato paste",
      "125ml red wine (optional)",
      "700g jar tomato passata",
      "1 tsp dried oregano",
      "400g spaghetti",
      "40g parmesan, finely grated",
    ],
    directions: [
      "Heat half the oil in a large saucepan over high heat. Add the mince and cook, breaking it up, for 6-8 minutes until well browned. Transfer to a bowl.",
      "Reduce the heat to medium, add the remaining oil, onion, carrot and celery. Cook for 8 minutes, until soft.",
      "Add the garlic and tomato paste and cook for 1 minute. Pour in the wine, if using, and let it bubble for 2 minutes.",
      "Return the mince to the pan with the passata, oregano and 125ml water. Season, then simmer gently for 25-30 minutes, stirring occasionally.",
      "Cook the spaghetti in a large pot of salted boiling water until al dente. Drain, reserving a splash of pasta water.",
      "Toss the spaghetti through the sauce with a little pasta water and serve topped with parmesan.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-04-01T07:30:00.000Z",
  },
  {
    slug: "chicken-thigh-and-barley-soup",
    title: "Chicken thigh and barley soup",
    metaDescription:
      "A hearty winter soup of chicken thighs, pearl barley and vegetables, simmered until everything is tender. Comfort in a bowl.",
    content: `<p>Chicken thighs are made for soup. They stay juicy through a long simmer and give the broth a richer flavour than breast ever could.</p>
<p>Pearl barley thickens it just enough to make a meal of it. Serve with crusty bread and butter.</p>`,
    thumbnail: {
      url: "/images/dish-soup.svg",
      alt: "Bowl of chicken and barley soup with carrots, celery and parsley",
    },
    authorKey: "priya",
    categories: ["chicken", "slow-cooking"],
    preparationTime: 20,
    cookingTime: 60,
    servings: 6,
    ingredients: [
      "800g skinless chicken thigh fillets",
      "1 tbsp olive oil",
      "1 brown onion, diced",
      "2 carrots, diced",
      "2 celery sticks, diced",
      "2 garlic cloves, crushed",
      "150g pearl barley, rinsed",
      "2L chicken stock",
      "2 bay leaves",
      "100g kale or silverbeet, shredded",
      "1/4 cup chopped flat-leaf parsley",
    ],
    directions: [
      "Heat the oil in a large stockpot over medium heat. Add the onion, carrot and celery and cook for 8 minutes, until softened.",
      "Add the garlic and cook for 1 minute. Stir in the barley, then add the stock, bay leaves and whole chicken thighs.",
      "Bring to the boil, then reduce the heat and simmer, partly covered, for 30 minutes.",
      "Lift out the chicken, shred it with two forks and return it to the pot.",
      "Simmer for another 15-20 minutes, until the barley is tender. Stir in the kale for the last 5 minutes.",
      "Remove the bay leaves, season to taste and serve sprinkled with parsley.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-05-12T08:15:00.000Z",
  },
  {
    slug: "lemon-and-oregano-lamb-skewers",
    title: "Lemon and oregano lamb skewers",
    metaDescription:
      "Greek-style lamb skewers marinated in lemon, garlic and oregano, grilled hot and served with tzatziki and warm flatbread.",
    content: `<p>Diced lamb leg is ideal for skewers: lean enough to grill quickly, with enough fat to stay juicy. A simple lemon and oregano marinade does the rest.</p>
<p>If you can, marinate the lamb in the morning so it's ready to thread and grill after work. Soak wooden skewers in water for 30 minutes so they don't burn.</p>`,
    thumbnail: {
      url: "/images/dish-skewers.svg",
      alt: "Grilled lamb skewers with lemon wedges, tzatziki and flatbread",
    },
    authorKey: "tom",
    categories: ["lamb", "barbecue"],
    preparationTime: 20,
    cookingTime: 10,
    servings: 4,
    ingredients: [
      "800g lamb leg, diced into 3cm pieces",
      "60ml extra virgin olive oil",
      "1 lemon, zested and juiced",
      "3 garlic cloves, crushed",
      "2 tsp dried oregano",
      "1 tsp sea salt",
      "1 red onion, cut into wedges",
      "1 red capsicum, cut into 3cm pieces",
      "200g tzatziki",
      "4 flatbreads, warmed",
    ],
    directions: [
      "Combine the oil, lemon zest and juice, garlic, oregano and salt in a bowl. Add the lamb and toss to coat. Cover and refrigerate for at least 1 hour, or up to 8 hours.",
      "Thread the lamb onto skewers, alternating with onion and capsicum.",
      "Heat a barbecue grill to high. Cook the skewers for 8-10 minutes, turning every couple of minutes, until charred outside and still slightly pink inside.",
      "Rest for 3 minutes. Serve with warm flatbread, tzatziki and extra lemon wedges.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-05-27T09:00:00.000Z",
  },
  {
    slug: "aussie-beef-burger-with-the-lot",
    title: "Aussie beef burger with the lot",
    metaDescription:
      "The classic Australian burger with the lot: a juicy beef patty, bacon, egg, beetroot, pineapple and cheese. No apologies.",
    content: `<p>Some say the beetroot is optional. We disagree. This is the takeaway-shop burger of your childhood, made with properly seasoned beef mince and built to be messy.</p>
<p>Keep the patties simple: good mince, salt and pepper, and a firm press with your thumb in the centre so they cook flat.</p>`,
    thumbnail: {
      url: "/images/dish-burger.svg",
      alt: "Tall beef burger with bacon, fried egg, beetroot, pineapple and lettuce",
    },
    authorKey: "jack",
    categories: ["beef", "barbecue"],
    preparationTime: 25,
    cookingTime: 15,
    servings: 4,
    ingredients: [
      "600g beef mince",
      "4 rashers bacon",
      "4 eggs",
      "4 slices cheddar cheese",
      "4 slices canned pineapple, drained",
      "8 slices canned beetroot, drained",
      "4 iceberg lettuce leaves",
      "2 tomatoes, sliced",
      "1 brown onion, thinly sliced",
      "4 burger buns, halved",
      "60ml tomato or barbecue sauce",
    ],
    directions: [
      "Divide the mince into 4 portions and shape into patties slightly wider than your buns. Press a small dimple in the centre of each. Season well with salt and pepper.",
      "Heat a barbecue flat plate to medium-high. Cook the onion with a little oil for 8-10 minutes until soft and golden, moving it to the edge to keep warm.",
      "Cook the bacon and pineapple on the flat plate until the bacon is crisp and the pineapple is caramelised.",
      "Cook the patties for 3-4 minutes each side. Top each with cheese for the last minute.",
      "Fry the eggs on the flat plate and toast the buns, cut side down.",
      "Build the burgers: sauce, lettuce, tomato, patty, beetroot, bacon, pineapple, egg and onion. Top with the lid and press down firmly.",
    ],
    featured: true,
    highlight: false,
    createdAt: "2026-06-09T11:00:00.000Z",
  },
  {
    slug: "teriyaki-salmon-rice-bowls",
    title: "Teriyaki salmon rice bowls",
    metaDescription:
      "Glossy homemade teriyaki salmon over rice with edamame, cucumber and avocado. A quick, colourful dinner in 30 minutes.",
    content: `<p>This is the dinner we turn to when the week has got away from us. Salmon fillets are seared skin-side down until crisp, then glazed in a quick homemade teriyaki.</p>
<p>Swap in whatever vegetables you have in the fridge. Brown rice or soba noodles work well too.</p>`,
    thumbnail: {
      url: "/images/dish-salmon-bowl.svg",
      alt: "Rice bowl with glazed salmon, avocado, edamame, cucumber and sesame seeds",
    },
    authorKey: "priya",
    categories: ["seafood", "quick-weeknight"],
    preparationTime: 15,
    cookingTime: 15,
    servings: 4,
    ingredients: [
      "4 salmon fillets, skin on (about 150g each)",
      "300g jasmine or sushi rice",
      "80ml soy sauce",
      "60ml mirin",
      "2 tbsp honey",
      "1 tsp finely grated ginger",
      "1 tbsp vegetable oil",
      "150g frozen shelled edamame, thawed",
      "1 Lebanese cucumber, thinly sliced",
      "1 avocado, sliced",
      "2 spring onions, thinly sliced",
      "1 tbsp toasted sesame seeds",
    ],
    directions: [
      "Cook the rice according to the packet instructions and keep warm.",
      "Combine the soy sauce, mirin, honey and ginger in a small jug.",
      "Pat the salmon dry. Heat the oil in a large frying pan over medium-high heat and cook the salmon skin-side down for 4 minutes, until crisp. Turn and cook for 2 minutes.",
      "Pour the sauce into the pan and simmer for 1-2 minutes, spooning it over the salmon until it thickens into a glaze.",
      "Divide the rice among bowls. Top with salmon, edamame, cucumber and avocado. Drizzle with the remaining glaze and scatter with spring onion and sesame seeds.",
    ],
    featured: true,
    highlight: false,
    createdAt: "2026-06-30T08:00:00.000Z",
  },
  {
    slug: "garlic-and-chilli-barbecue-prawns",
    title: "Garlic and chilli barbecue prawns",
    metaDescription:
      "Wild-caught king prawns grilled on the barbie with garlic, chilli and parsley butter. Five minutes on the grill, gone in two.",
    content: `<p>Good wild-caught prawns need very little help. A quick toss in garlic, chilli and olive oil, a few minutes on a hot barbecue and a generous spoonful of parsley butter at the end.</p>
<p>Thaw frozen prawns overnight in the fridge, or in a bowl of cold water for about 30 minutes.</p>`,
    thumbnail: {
      url: "/images/dish-prawn-platter.svg",
      alt: "Platter of grilled king prawns with chilli, parsley and lemon halves",
    },
    authorKey: "jack",
    categories: ["seafood", "barbecue"],
    preparationTime: 20,
    cookingTime: 5,
    servings: 4,
    ingredients: [
      "1kg raw king prawns, thawed",
      "3 tbsp olive oil",
      "4 garlic cloves, finely chopped",
      "1 long red chilli, finely chopped",
      "1/2 tsp chilli flakes",
      "50g butter, softened",
      "2 tbsp finely chopped flat-leaf parsley",
      "1 lemon, halved",
      "1 tsp sea salt",
    ],
    directions: [
      "Using kitchen scissors, cut along the back of each prawn shell and remove the vein, leaving the shell and head on.",
      "Combine the oil, half the garlic, the fresh chilli, chilli flakes and salt. Toss the prawns in the mixture.",
      "Mash the butter with the remaining garlic and the parsley.",
      "Heat a barbecue grill to high. Grill the prawns and lemon halves for 2 minutes each side, until the prawns are pink and just cooked through.",
      "Pile the prawns onto a platter, dot with the garlic butter so it melts over them and squeeze over the charred lemon.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-07-14T09:30:00.000Z",
  },
  {
    slug: "scallop-lemon-and-chilli-linguine",
    title: "Scallop, lemon and chilli linguine",
    metaDescription:
      "Seared wild-caught scallops tossed through linguine with garlic, chilli, lemon and parsley. An easy pasta that feels like a treat.",
    content: `<p>Scallops cook in about the time it takes to drain the pasta, which makes this one of the quickest special-occasion dinners we know.</p>
<p>Make sure the scallops are completely dry and the pan is very hot so they caramelise instead of stewing.</p>`,
    thumbnail: {
      url: "/images/dish-pasta.svg",
      alt: "Linguine with seared scallops, chilli and parsley in a shallow bowl",
    },
    authorKey: "tom",
    categories: ["seafood", "quick-weeknight"],
    preparationTime: 10,
    cookingTime: 15,
    servings: 4,
    ingredients: [
      "350g linguine",
      "300g scallops, roe off, patted dry",
      "60ml extra virgin olive oil",
      "3 garlic cloves, thinly sliced",
      "1 long red chilli, finely chopped",
      "1 lemon, zested and juiced",
      "30g butter",
      "1/2 cup chopped flat-leaf parsley",
      "40g baby rocket",
    ],
    directions: [
      "Cook the linguine in a large pot of salted boiling water until al dente. Reserve 125ml of pasta water and drain.",
      "While the pasta cooks, heat 1 tbsp oil in a large frying pan over high heat. Season the scallops and sear for 1 minute each side, until golden. Transfer to a plate.",
      "Reduce the heat to medium. Add the remaining oil, garlic and chilli and cook for 1 minute, until the garlic is just golden.",
      "Add the butter, lemon zest and juice, then the drained pasta and a splash of the reserved pasta water. Toss until glossy.",
      "Fold through the parsley, rocket and scallops. Season with salt and pepper and serve straight away.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-07-28T07:45:00.000Z",
  },
  {
    slug: "mussels-in-tomato-and-white-wine",
    title: "Mussels in tomato and white wine",
    metaDescription:
      "A big pot of mussels steamed in white wine, garlic and tomato, served with crusty bread for mopping up. Ready in 30 minutes.",
    content: `<p>Mussels are one of the most sustainable seafoods you can eat, and one of the fastest to cook. Once the pot is hot they're done in about five minutes.</p>
<p>Discard any mussels that are open before cooking and don't close when tapped, and any that stay firmly shut after cooking.</p>`,
    thumbnail: {
      url: "/images/dish-soup.svg",
      alt: "Pot of mussels in a tomato and white wine broth with crusty bread",
    },
    authorKey: "tom",
    categories: ["seafood", "quick-weeknight"],
    preparationTime: 15,
    cookingTime: 15,
    servings: 4,
    ingredients: [
      "2kg mussels, scrubbed and debearded",
      "2 tbsp olive oil",
      "1 brown onion, finely chopped",
      "4 garlic cloves, sliced",
      "1/2 tsp chilli flakes",
      "250ml dry white wine",
      "400g can diced tomatoes",
      "20g butter",
      "1/2 cup chopped flat-leaf parsley",
      "1 crusty baguette, to serve",
    ],
    directions: [
      "Heat the oil in a large, wide pot with a lid over medium heat. Cook the onion for 5 minutes until soft, then add the garlic and chilli and cook for 1 minute.",
      "Add the wine and bring to the boil for 2 minutes. Stir in the tomatoes and simmer for 5 minutes.",
      "Increase the heat to high, add the mussels and cover with the lid. Cook for 4-5 minutes, shaking the pot occasionally, until the mussels open.",
      "Stir through the butter and parsley. Discard any mussels that haven't opened.",
      "Ladle into bowls with plenty of broth and serve with torn baguette.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-08-04T08:30:00.000Z",
  },
  {
    slug: "crispy-pork-belly-with-apple-slaw",
    title: "Crispy pork belly with apple slaw",
    metaDescription:
      "Slow-roasted pork belly with shattering crackling, served with a crisp apple and fennel slaw to cut through the richness.",
    content: `<p>Good crackling starts the day before. Leave the pork belly uncovered in the fridge overnight to dry out the skin, and you're halfway there.</p>
<p>A slow roast makes the meat tender, and a final blast of high heat puffs up the crackling. The sharp apple slaw keeps it all in balance.</p>`,
    thumbnail: {
      url: "/images/dish-roast.svg",
      alt: "Slices of roast pork belly with golden crackling and apple slaw",
    },
    authorKey: "jack",
    categories: ["pork", "slow-cooking"],
    preparationTime: 20,
    cookingTime: 150,
    servings: 4,
    ingredients: [
      "1.2kg boneless pork belly, skin scored",
      "1 tbsp olive oil",
      "1 tbsp sea salt flakes",
      "1 tsp fennel seeds, lightly crushed",
      "2 green apples, cut into matchsticks",
      "1 small fennel bulb, thinly sliced",
      "150g white cabbage, finely shredded",
      "2 tbsp apple cider vinegar",
      "1 tbsp Dijon mustard",
      "2 tbsp extra virgin olive oil",
    ],
    directions: [
      "The day before, pat the pork skin dry and refrigerate uncovered overnight.",
      "Preheat the oven to 160C (140C fan-forced). Rub the skin with olive oil, then the salt and fennel seeds, pushing them into the scores.",
      "Place the pork skin-side up on a rack in a roasting tray. Pour 250ml water into the tray. Roast for 2 hours.",
      "Increase the oven to 240C (220C fan-forced) and roast for another 25-30 minutes, until the crackling is puffed and crisp. Rest for 10 minutes.",
      "Whisk the vinegar, mustard and extra virgin olive oil. Toss with the apple, fennel and cabbage.",
      "Cut the pork into thick slices with a serrated knife and serve with the slaw.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-08-19T09:00:00.000Z",
  },
  {
    slug: "honey-soy-chicken-drumsticks",
    title: "Honey soy chicken drumsticks",
    metaDescription:
      "Sticky honey soy chicken drumsticks baked in one tray. A budget-friendly family dinner the kids will actually eat.",
    content: `<p>This is the recipe that gets the most messages from parents. Chicken drumsticks are marinated in honey, soy and garlic, then baked until sticky and caramelised.</p>
<p>Serve with rice and steamed greens, or pack the leftovers into lunch boxes.</p>`,
    thumbnail: {
      url: "/images/dish-bbq.svg",
      alt: "Tray of sticky honey soy chicken drumsticks sprinkled with sesame seeds",
    },
    authorKey: "priya",
    categories: ["chicken", "quick-weeknight"],
    preparationTime: 10,
    cookingTime: 40,
    servings: 4,
    ingredients: [
      "1.2kg chicken drumsticks (about 8)",
      "80ml soy sauce",
      "80ml honey",
      "2 tbsp oyster sauce",
      "3 garlic cloves, crushed",
      "1 tsp finely grated ginger",
      "1 tbsp sesame seeds",
      "2 spring onions, sliced",
    ],
    directions: [
      "Preheat the oven to 200C (180C fan-forced). Line a large baking tray with baking paper.",
      "Whisk the soy sauce, honey, oyster sauce, garlic and ginger in a large bowl. Add the drumsticks and toss to coat. If you have time, marinate for 30 minutes.",
      "Arrange the drumsticks on the tray and pour over the marinade.",
      "Bake for 35-40 minutes, turning and basting twice, until sticky and cooked through (juices run clear when pierced).",
      "Scatter with sesame seeds and spring onion and serve.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-09-01T07:30:00.000Z",
  },
  {
    slug: "lemon-and-thyme-roast-chicken",
    title: "Lemon and thyme roast chicken",
    metaDescription:
      "A simple whole roast chicken with lemon, thyme and garlic butter under the skin. The Sunday classic, done properly.",
    content: `<p>Everyone should have a go-to roast chook. Butter under the skin keeps the breast juicy, a lemon in the cavity perfumes the whole bird, and the vegetables roast underneath in the drippings.</p>
<p>Let it rest for a good 15 minutes before carving. It'll still be hot, we promise.</p>`,
    thumbnail: {
      url: "/images/dish-roast.svg",
      alt: "Golden whole roast chicken on a tray with lemon halves and roasted vegetables",
    },
    authorKey: "tom",
    categories: ["chicken"],
    preparationTime: 15,
    cookingTime: 80,
    servings: 4,
    ingredients: [
      "1 whole chicken (about 1.8kg)",
      "50g butter, softened",
      "2 garlic cloves, crushed",
      "1 tbsp fresh thyme leaves, plus extra sprigs",
      "1 lemon, zested and halved",
      "800g potatoes, cut into chunks",
      "2 carrots, cut into chunks",
      "1 red onion, cut into wedges",
      "2 tbsp olive oil",
      "1 tsp sea salt",
    ],
    directions: [
      "Preheat the oven to 200C (180C fan-forced). Take the chicken out of the fridge 30 minutes before cooking and pat dry.",
      "Mash the butter with the garlic, thyme leaves and lemon zest. Gently loosen the skin over the breast and push the butter underneath, spreading it evenly.",
      "Place the lemon halves and thyme sprigs in the cavity. Tie the legs together with string.",
      "Toss the potatoes, carrots and onion with the olive oil and salt in a roasting tray. Sit the chicken on top.",
      "Roast for 1 hour 15-20 minutes, until the skin is golden and the juices run clear when the thigh is pierced (internal temperature 75C).",
      "Rest the chicken for 15 minutes, then carve and serve with the vegetables and pan juices.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-09-15T08:00:00.000Z",
  },
  {
    slug: "pork-sausages-with-onion-gravy-and-mash",
    title: "Pork sausages with onion gravy and mash",
    metaDescription:
      "Bangers and mash, the way it should be: plump pork sausages, buttery potato mash and a rich caramelised onion gravy.",
    content: `<p>A plate of snags, mash and onion gravy is about as comforting as dinner gets. Cook the sausages slowly over medium heat so they brown evenly without splitting.</p>
<p>The gravy is made in the same pan, so all those browned bits go into the sauce.</p>`,
    thumbnail: {
      url: "/images/dish-steak-plate.svg",
      alt: "Pork sausages on creamy mashed potato with onion gravy and peas",
    },
    authorKey: "priya",
    categories: ["pork", "quick-weeknight"],
    preparationTime: 15,
    cookingTime: 30,
    servings: 4,
    ingredients: [
      "8 pork sausages",
      "1kg floury potatoes, peeled and chopped",
      "60g butter",
      "125ml milk, warmed",
      "1 tbsp olive oil",
      "2 brown onions, thinly sliced",
      "1 tbsp plain flour",
      "375ml beef stock",
      "1 tbsp Worcestershire sauce",
      "200g frozen peas",
    ],
    directions: [
      "Boil the potatoes in salted water for 15-20 minutes until very tender. Drain, then mash with 40g butter and the warm milk. Season and keep warm.",
      "Meanwhile, heat the oil in a large frying pan over medium heat. Cook the sausages for 12-15 minutes, turning often, until browned and cooked through. Set aside.",
      "Add the remaining butter and the onions to the pan. Cook for 10 minutes, stirring, until soft and golden.",
      "Sprinkle over the flour and stir for 1 minute. Gradually whisk in the stock and Worcestershire and simmer for 3-4 minutes until thickened. Return the sausages to the pan to warm through.",
      "Cook the peas in boiling water for 2 minutes. Serve the sausages on the mash with the gravy and peas.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-10-06T07:30:00.000Z",
  },
  {
    slug: "low-and-slow-smoked-beef-brisket",
    title: "Low and slow smoked beef brisket",
    metaDescription:
      "Texas-style smoked beef brisket with a simple salt and pepper rub, cooked low and slow on a kettle or smoker until meltingly tender.",
    content: `<p>Brisket is a weekend project, but most of the time is spent waiting. A simple rub of salt and coarse pepper, steady low heat and patience give you a dark bark and beef that wobbles when you slice it.</p>
<p>You'll need a smoker or a kettle barbecue set up for indirect cooking, a probe thermometer and some butcher's paper. Start early.</p>`,
    thumbnail: {
      url: "/images/dish-bbq.svg",
      alt: "Sliced smoked beef brisket with a dark bark and pink smoke ring",
    },
    authorKey: "jack",
    categories: ["beef", "barbecue", "slow-cooking"],
    preparationTime: 30,
    cookingTime: 600,
    servings: 10,
    ingredients: [
      "1 whole beef brisket (about 5kg), fat trimmed to 5mm",
      "3 tbsp coarse sea salt",
      "3 tbsp coarsely cracked black pepper",
      "1 tbsp garlic powder",
      "2 tbsp yellow mustard",
      "250ml apple juice, in a spray bottle",
      "4 chunks hardwood for smoking (ironbark or red gum)",
    ],
    directions: [
      "Set up your smoker or kettle barbecue for indirect cooking and bring it to a steady 115-120C. Add the wood chunks.",
      "Brush the brisket all over with a thin layer of mustard. Mix the salt, pepper and garlic powder and press it evenly over the surface.",
      "Place the brisket fat-side up on the grill away from the heat. Close the lid and cook for 5-6 hours, spraying with apple juice every hour after the first 3 hours, until the internal temperature reaches about 70C and the bark is dark.",
      "Wrap the brisket tightly in butcher's paper and return it to the cooker.",
      "Cook for another 3-4 hours, until the internal temperature is 93-95C and a probe slides in with almost no resistance.",
      "Rest the brisket, still wrapped, in an esky or cold oven for at least 1 hour.",
      "Slice against the grain into pencil-thick slices and serve with pickles, white bread and barbecue sauce.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-10-20T06:00:00.000Z",
  },
  {
    slug: "lamb-loin-chops-with-mint-salsa-verde",
    title: "Lamb loin chops with mint salsa verde",
    metaDescription:
      "Juicy grilled lamb loin chops with a punchy mint and caper salsa verde. A fresh take on lamb and mint, ready in 25 minutes.",
    content: `<p>Lamb and mint is a classic for a reason, but this salsa verde is a long way from the jar. Fresh mint, parsley, capers, lemon and good olive oil make a sharp, green sauce that cuts through the richness of the chops.</p>
<p>Grill the chops fat-side down first to render and crisp the fat.</p>`,
    thumbnail: {
      url: "/images/dish-steak-plate.svg",
      alt: "Grilled lamb loin chops topped with bright green mint salsa verde",
    },
    authorKey: "tom",
    categories: ["lamb", "quick-weeknight", "barbecue"],
    preparationTime: 15,
    cookingTime: 10,
    servings: 4,
    ingredients: [
      "8 lamb loin chops (about 1kg)",
      "1 tbsp olive oil",
      "1 cup mint leaves",
      "1 cup flat-leaf parsley leaves",
      "1 tbsp capers, rinsed",
      "1 garlic clove",
      "1 lemon, zested and juiced",
      "100ml extra virgin olive oil",
      "1 tsp Dijon mustard",
      "1 tsp sea salt",
    ],
    directions: [
      "Finely chop the mint, parsley, capers and garlic together. Transfer to a bowl and stir in the lemon zest and juice, extra virgin olive oil and mustard. Season to taste.",
      "Rub the chops with olive oil and season with salt and pepper.",
      "Heat a barbecue grill or chargrill pan over high heat. Using tongs, hold the chops fat-side down on the grill for 1-2 minutes to render the fat.",
      "Lay the chops flat and cook for 3 minutes each side for medium.",
      "Rest for 3 minutes, then serve with the salsa verde spooned over.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-10-27T08:00:00.000Z",
  },
  {
    slug: "chicken-caesar-salad-with-crispy-bacon",
    title: "Chicken Caesar salad with crispy bacon",
    metaDescription:
      "A proper chicken Caesar salad with pan-roasted chicken breast, crispy bacon, garlic croutons, soft eggs and a creamy homemade dressing.",
    content: `<p>A Caesar is only as good as its parts: juicy chicken, really crispy bacon, crunchy croutons and a dressing with enough anchovy and garlic to make you notice.</p>
<p>Butterflying the chicken breasts helps them cook evenly and stay moist.</p>`,
    thumbnail: {
      url: "/images/dish-salad.svg",
      alt: "Chicken Caesar salad with bacon, croutons, soft-boiled eggs and parmesan",
    },
    authorKey: "priya",
    categories: ["chicken", "quick-weeknight"],
    preparationTime: 20,
    cookingTime: 20,
    servings: 4,
    ingredients: [
      "2 chicken breasts (about 500g total), butterflied",
      "4 rashers bacon, chopped",
      "4 eggs",
      "2 cups day-old bread, cut into cubes",
      "2 tbsp olive oil",
      "2 baby cos lettuces, leaves separated",
      "40g parmesan, shaved",
      "80g whole-egg mayonnaise",
      "4 anchovy fillets, finely chopped",
      "1 garlic clove, crushed",
      "1 tbsp lemon juice",
      "1 tsp Dijon mustard",
    ],
    directions: [
      "Whisk the mayonnaise, anchovies, garlic, lemon juice and mustard with 1 tbsp water to make the dressing.",
      "Boil the eggs for 6 minutes 30 seconds, then cool in iced water, peel and halve.",
      "Heat 1 tbsp oil in a large frying pan over medium-high heat. Season the chicken and cook for 4-5 minutes each side, until cooked through. Rest, then slice.",
      "In the same pan, cook the bacon until crisp. Remove, then add the remaining oil and the bread and toss for 3-4 minutes until golden.",
      "Toss the lettuce with half the dressing. Top with chicken, bacon, croutons, eggs and parmesan, and drizzle over the rest of the dressing.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-04-22T08:00:00.000Z",
  },
  {
    slug: "pork-chops-with-apple-and-sage",
    title: "Pork chops with apple and sage",
    metaDescription:
      "Pan-seared pork chops with caramelised apple, crispy sage and a quick cider pan sauce. Dinner in 30 minutes.",
    content: `<p>Pork and apple were made for each other. These chops are seared hard, then finished with apples softened in butter, crispy sage leaves and a splash of cider.</p>
<p>Don't overcook pork chops. A blush of pink in the middle is safe and keeps them juicy.</p>`,
    thumbnail: {
      url: "/images/dish-steak-plate.svg",
      alt: "Seared pork chops with caramelised apple wedges and crispy sage leaves",
    },
    authorKey: "jack",
    categories: ["pork", "quick-weeknight"],
    preparationTime: 10,
    cookingTime: 20,
    servings: 4,
    ingredients: [
      "4 pork loin chops, bone in (about 250g each)",
      "1 tbsp olive oil",
      "30g butter",
      "2 red apples, cored and cut into wedges",
      "12 sage leaves",
      "1 French shallot, finely chopped",
      "200ml dry apple cider",
      "1 tsp Dijon mustard",
      "1 tsp sea salt",
    ],
    directions: [
      "Pat the chops dry, snip the fat at 2cm intervals so they don't curl, and season with salt and pepper.",
      "Heat the oil in a large frying pan over medium-high heat. Cook the chops for 4 minutes each side, until golden and just cooked (internal temperature about 63C). Rest on a plate.",
      "Add the butter to the pan. Fry the sage leaves for 30 seconds until crisp, then remove. Add the apple wedges and cook for 3-4 minutes until caramelised.",
      "Add the shallot and cook for 1 minute, then pour in the cider and stir in the mustard. Simmer for 3 minutes until slightly reduced.",
      "Return the chops and resting juices to the pan to warm through. Serve topped with apples, sauce and crispy sage.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-03-31T09:15:00.000Z",
  },
  {
    slug: "salt-and-pepper-chicken-wings",
    title: "Crispy salt and pepper chicken wings",
    metaDescription:
      "Oven-baked chicken wings with shatteringly crisp skin and a Sichuan salt and pepper seasoning. No deep-frying required.",
    content: `<p>The secret to crispy baked wings is a little baking powder. It draws moisture out of the skin so it blisters and crunches in the oven, no fryer needed.</p>
<p>Toss them in the salt and pepper mix while they're still hot, and serve with cold beer.</p>`,
    thumbnail: {
      url: "/images/dish-skewers.svg",
      alt: "Pile of crispy salt and pepper chicken wings with sliced chilli and spring onion",
    },
    authorKey: "jack",
    categories: ["chicken"],
    preparationTime: 15,
    cookingTime: 45,
    servings: 4,
    ingredients: [
      "1.5kg chicken wings, jointed",
      "1 tbsp baking powder (not bicarb soda)",
      "2 tsp sea salt",
      "2 tsp Sichuan peppercorns",
      "1 tsp black peppercorns",
      "1 tsp caster sugar",
      "1 tbsp vegetable oil",
      "3 garlic cloves, finely chopped",
      "1 long red chilli, sliced",
      "2 spring onions, sliced",
    ],
    directions: [
      "Preheat the oven to 220C (200C fan-forced). Line two baking trays with baking paper and set a wire rack on each if you have them.",
      "Pat the wings completely dry. Toss with the baking powder and 1 tsp salt, then spread out in a single layer on the racks.",
      "Bake for 40-45 minutes, turning halfway, until deep golden and crisp.",
      "Meanwhile, toast the Sichuan and black peppercorns in a dry pan for 1 minute, then grind with the remaining salt and the sugar.",
      "Heat the oil in a wok over high heat. Stir-fry the garlic, chilli and spring onion for 30 seconds, add the hot wings and sprinkle with the salt and pepper mix. Toss well and serve.",
    ],
    featured: false,
    highlight: false,
    createdAt: "2026-11-10T08:00:00.000Z",
  },
];

/* -------------------------------------------------------------------------- */
/* FAQ                                                                        */
/* -------------------------------------------------------------------------- */

export const SEED_FAQ: SeedFaq[] = [
  // Product
  {
    category: "product",
    question: "What's in a box?",
    answer: `<p>That depends on the box you choose:</p>
<ul>
<li><strong>Custom boxes</strong> are filled with the cuts you pick from more than 40 options of beef, lamb, pork, chicken and wild-caught seafood. A small box has 8 selections and a large box has 16.</li>
<li><strong>Curated boxes</strong> are put together by our team and the contents change every month. Choose from Salmon, Beef, Beef &amp; Chicken, Beef &amp; Pork, Mixed or Value.</li>
</ul>
<p>Every box arrives packed in insulated liners with ice packs, with each cut vacuum-sealed and labelled.</p>`,
  },
  {
    category: "product",
    question: "What's the difference between a custom and a curated box?",
    answer: `<p>With a <strong>custom box</strong> you choose every cut yourself, and you get <strong>20% more meat</strong> than in a curated box. Small custom boxes start from $169 (2-3 people, up to 6kg) and large from $279 (4-5 people, up to 11kg).</p>
<p>A <strong>curated box</strong> is chosen for you each month based on what's best from our farmers and fishers. Small curated boxes start from $149 (up to 5kg) and large from $209 (3-4 people, up to 9kg). The Mixed box is $169 and the Value box is $149.</p>
<p>You can switch between custom and curated at any time in your account. See <a href="/how-it-works">how it works</a> for more.</p>`,
  },
  {
    category: "product",
    question: "Where does your meat and seafood come from?",
    answer: `<p>Everything we sell comes from <strong>Australian farming and fishing families</strong>. We buy direct wherever we can, from cattle and sheep producers in New South Wales, Victoria and South Australia to fishers working Australian waters.</p>
<p>All of our seafood is wild-caught from managed fisheries. We share stories about the people we work with in our news posts.</p>`,
  },
  {
    category: "product",
    question: "How is my box packed and kept cold?",
    answer: `<p>Your order is packed in a cool room, then placed in an insulated box lined with pressed wool liners and gel ice packs. Seafood sits closest to the ice. Boxes travel in refrigerated trucks and are designed to stay cold for well over a day after delivery.</p>
<p>Please unpack your box into the fridge or freezer as soon as you can. All packaging is recyclable, compostable or reusable.</p>`,
  },
  {
    category: "product",
    question: "Is the meat fresh or frozen, and how long will it keep?",
    answer: `<p>Most meat arrives chilled and vacuum-sealed, and each pack shows its use-by date. Vacuum-sealed meat keeps well in the fridge, and you can freeze anything you won't cook before the use-by date.</p>
<p>Seafood is frozen soon after it's landed to lock in quality. Keep it in the freezer and thaw it overnight in the fridge before cooking.</p>`,
  },
  {
    category: "product",
    question: "Can you cater for allergies or dietary requirements?",
    answer: `<p>With a custom box you choose every item, which makes it easy to avoid anything you don't eat. Product pages list ingredients for items such as sausages and marinated cuts.</p>
<p>Our meat and seafood are packed in the same facility, so we can't guarantee any item is free from traces of shellfish, fish or other allergens. If you have a serious allergy, please contact us at <strong>hello@paddockandtide.com.au</strong> before ordering.</p>`,
  },

  // Delivery
  {
    category: "delivery",
    question: "Where do you deliver?",
    answer: `<p>We deliver across Australia:</p>
<ul>
<li>New South Wales, Canberra and the ACT, Victoria, Queensland, South Australia and Tasmania</li>
<li>Western Australia <strong>fortnightly</strong></li>
<li>Northern Territory <strong>monthly</strong></li>
</ul>
<p>Enter your postcode on our <a href="/delivery">delivery page</a> to see the delivery days available at your address.</p>`,
  },
  {
    category: "delivery",
    question: "What are your delivery days and times?",
    answer: `<p>Deliveries arrive between <strong>8am and 6pm</strong> on your chosen delivery day. The days available depend on your postcode and are shown at checkout and in your account.</p>
<p>You'll receive an SMS on the day of delivery so you know your box is on its way.</p>`,
  },
  {
    category: "delivery",
    question: "What is overnight silent delivery?",
    answer: `<p>In some metro areas we offer an overnight delivery, so your box is waiting when you wake up. It's called <strong>silent</strong> because <strong>no SMS or driver notification is sent</strong>, so you won't be disturbed during the night.</p>
<p>If it's available at your address, you'll see it as an option at checkout. Check your postcode on the <a href="/delivery">delivery page</a>.</p>`,
  },
  {
    category: "delivery",
    question: "Do I need to be home for my delivery?",
    answer: `<p>No. Our boxes are insulated to stay cold for well over a day, so we can leave your delivery in a safe place. Add delivery instructions in your account, for example "leave at the side gate" or "behind the pot plant".</p>
<p>Choose a shaded spot out of direct sun, and unpack your box as soon as you get home.</p>`,
  },
  {
    category: "delivery",
    question: "Why can't I order salmon in Tasmania?",
    answer: `<p>Tasmania has <strong>quarantine restrictions on wild salmon</strong>, so we're not able to ship salmon to Tasmanian addresses. Salmon won't appear in the shop for Tasmanian postcodes, and the Salmon curated box isn't available there.</p>
<p>If you're in Tasmania and on a curated box, we'll swap salmon for another seafood or meat item of similar value.</p>`,
  },
  {
    category: "delivery",
    question: "How much does delivery cost?",
    answer: `<p>Delivery is <strong>free</strong> on every order, and there's <strong>no minimum order</strong>. That includes Western Australia, the Northern Territory and Tasmania.</p>`,
  },
  {
    category: "delivery",
    question: "What if my box arrives damaged or not cold?",
    answer: `<p>We're sorry if that happens. Please take photos of the box and the products and contact us within 24 hours of delivery at <strong>hello@paddockandtide.com.au</strong> or on <strong>1300 975 707</strong>. We'll arrange a replacement or refund. See our <a href="/refund-and-returns-policy">refund and returns policy</a> for details.</p>`,
  },

  // Order
  {
    category: "order",
    question: "How do I change my delivery date?",
    answer: `<p>Log in to <a href="/dashboard/my-deliveries">your account</a>, open your upcoming order and choose <strong>Change delivery date</strong>. You'll see the dates available for your postcode.</p>
<p>Changes need to be made before the order cut-off shown in your account, as that's when we start picking and packing.</p>`,
  },
  {
    category: "order",
    question: "How do I pay?",
    answer: `<p>We accept Visa, Mastercard and American Express credit and debit cards. Your card is charged when your order is processed, shortly before your delivery date, and you'll get an email receipt.</p>
<p>Card details are handled by our payment provider and are never stored on our servers. All prices include GST where it applies.</p>`,
  },
  {
    category: "order",
    question: "Do you sell gift cards?",
    answer: `<p>Yes. Gift cards are available from <strong>$10</strong> and are sent by email, so they're great for a last-minute present. They can be used on any box or add-on.</p>
<p>Visit our <a href="/gift-cards">gift cards page</a> to buy one. To redeem a gift card, enter the code at checkout or in your account.</p>`,
  },
  {
    category: "order",
    question: "Is there a minimum order?",
    answer: `<p>No. There's no minimum order and delivery is always free. A small box is a great way to try us out.</p>`,
  },
  {
    category: "order",
    question: "Can I add extra items to my order?",
    answer: `<p>Yes. You can add extras such as sausages, bacon, prawns or extra steaks to any order. Choose whether an add-on is a <strong>one-off</strong> for your next delivery or a <strong>recurring</strong> add-on that comes with every box.</p>
<p>Make changes in <a href="/dashboard/my-deliveries">your account</a> before the order cut-off.</p>`,
  },
  {
    category: "order",
    question: "Something's missing or wrong with my order. What do I do?",
    answer: `<p>Get in touch as soon as you can at <strong>hello@paddockandtide.com.au</strong> or on <strong>1300 975 707</strong>. Let us know your order number and what's wrong, with a photo if possible, and we'll make it right with a credit, refund or replacement.</p>`,
  },

  // Subscription
  {
    category: "subscription",
    question: "How does the subscription work?",
    answer: `<p>Choose a custom or curated box, pick your size and how often you'd like it delivered, and we'll send it on your chosen schedule. Before each order you can change your cuts, add-ons and delivery date.</p>
<p>There are no lock-in contracts. You can <strong>skip, pause or cancel anytime</strong> from your account.</p>`,
  },
  {
    category: "subscription",
    question: "How do I skip a delivery?",
    answer: `<p>Log in to <a href="/dashboard/my-deliveries">your account</a>, find the delivery you want to miss and select <strong>Skip</strong>. You won't be charged for that order, and your subscription continues as normal afterwards.</p>
<p>Skips need to be made before the order cut-off.</p>`,
  },
  {
    category: "subscription",
    question: "Can I pause my subscription?",
    answer: `<p>Yes. Going on holiday or your freezer's full? Pause your subscription from <a href="/dashboard/my-deliveries">your account</a> and choose when you'd like deliveries to start again. We'll send you a reminder before your first box after the pause.</p>`,
  },
  {
    category: "subscription",
    question: "How do I cancel my subscription?",
    answer: `<p>You can cancel anytime from the subscription settings in <a href="/dashboard/my-deliveries">your account</a>, or by emailing <strong>hello@paddockandtide.com.au</strong>. There are no cancellation fees.</p>
<p>If you cancel after the order cut-off, your next box will still be delivered, and no further orders will be made after that.</p>`,
  },
  {
    category: "subscription",
    question: "Can I change my recurring add-ons?",
    answer: `<p>Yes. Recurring add-ons can be changed <strong>for each order</strong>. Add, remove or change quantities in <a href="/dashboard/my-deliveries">your account</a> before the order cut-off, and the change applies to that delivery and the ones after it.</p>`,
  },
  {
    category: "subscription",
    question: "Can I change my box size or switch between custom and curated?",
    answer: `<p>Of course. You can move between small and large, or switch from a curated to a custom box (and back), at any time in your account. The change applies to your next order as long as you make it before the cut-off.</p>`,
  },
  {
    category: "subscription",
    question: "How often can I get a delivery?",
    answer: `<p>Most customers choose weekly, fortnightly or monthly deliveries. In Western Australia deliveries run fortnightly, and in the Northern Territory monthly. You can change how often your box arrives at any time.</p>`,
  },
];

/* -------------------------------------------------------------------------- */
/* Legal pages                                                                */
/* -------------------------------------------------------------------------- */

export const SEED_LEGAL_PAGES: SeedLegalPage[] = [
  {
    key: "terms",
    header: "Terms and conditions",
    content: `<p>Last updated: 1 November 2026</p>
<p>These terms and conditions apply to your use of the Paddock &amp; Tide website and to any order or subscription you place with us. By placing an order you agree to these terms. Please read them carefully.</p>
<h2>1. About us</h2>
<p>Paddock &amp; Tide sells Australian meat and wild-caught seafood online for delivery across Australia. In these terms, "we", "us" and "our" refer to Paddock &amp; Tide, and "you" refers to the person placing the order. You can contact us at hello@paddockandtide.com.au or on 1300 975 707.</p>
<h2>2. Your account</h2>
<p>To order you need to create an account and give us accurate, up-to-date details, including your delivery address and phone number. You are responsible for keeping your password secure and for all activity on your account. You must be at least 18 years old to place an order.</p>
<h2>3. Subscriptions</h2>
<ul>
<li>When you subscribe, we will send a box on the schedule you choose until you skip, pause or cancel.</li>
<li>You can skip, pause or cancel at any time from your account. Changes must be made before the order cut-off shown in your account to apply to your next delivery.</li>
<li>Recurring add-ons can be changed for each order before the cut-off.</li>
<li>There are no lock-in contracts and no cancellation fees.</li>
</ul>
<h2>4. Products, prices and availability</h2>
<p>All prices are in Australian dollars and include GST where it applies (fresh food is GST-free). Weights shown are approximate maximums, as natural products vary in size. Curated box contents change monthly. If a product is unavailable, we may substitute an item of equal or greater value. Salmon is not available for delivery to Tasmania due to quarantine restrictions on wild salmon.</p>
<h2>5. Payment</h2>
<p>We charge your nominated card for each delivery at its change cut-off: 2pm Sydney time, two to five days before the delivery depending on your area. If the payment is declined, we e-mail you a link to pay with another card, and we try your card again up to three times, evenly spaced before the packing cut-off at noon Sydney time the day before delivery (with a two-day lead, at 7pm, midnight and 5am). If the order is still unpaid at the packing cut-off, that delivery is not packed or sent: its order is cancelled, nothing is charged for it, any credit used goes back to your account, and we tell you by e-mail and on My deliveries. Your next delivery goes ahead as planned. Gift cards and account credits are applied automatically at checkout.</p>
<h2>6. Delivery</h2>
<p>Delivery is free with no minimum order. Deliveries are made between 8am and 6pm on your chosen delivery day, or overnight where overnight silent delivery is available and selected. No SMS or driver notification is sent for overnight silent deliveries. Western Australia receives deliveries fortnightly and the Northern Territory monthly. Delivery times are estimates and may be affected by weather, traffic or events outside our control.</p>
<p>If you ask us to leave your box unattended, risk in the goods passes to you once the box is delivered to your nominated safe place. Please refrigerate or freeze your products as soon as possible.</p>
<h2>7. Gift cards</h2>
<p>Gift cards are available from $10, can be used towards any order and cannot be exchanged for cash except where required by law. Gift cards are valid for at least three years from the date of purchase.</p>
<h2>8. Australian Consumer Law</h2>
<p>Our goods come with guarantees that cannot be excluded under the Australian Consumer Law. Nothing in these terms limits your rights under the Australian Consumer Law. Please see our <a href="/refund-and-returns-policy">refund and returns policy</a> for how we handle problems with an order.</p>
<h2>9. Limitation of liability</h2>
<p>To the extent permitted by law, we are not liable for any indirect or consequential loss arising from your use of our website or products. Where our liability cannot be excluded but can be limited, it is limited to replacing the goods, supplying equivalent goods or refunding the price paid.</p>
<h2>10. Changes to these terms</h2>
<p>We may update these terms from time to time. The current version is always available on this page. If we make a significant change that affects your subscription, we will let you know by email before it takes effect. These terms are governed by the laws of New South Wales.</p>`,
  },
  {
    key: "privacy-policy",
    header: "Privacy policy",
    content: `<p>Last updated: 1 November 2026</p>
<p>Paddock &amp; Tide respects your privacy. This policy explains how we collect, use, store and disclose your personal information in line with the <em>Privacy Act 1988</em> (Cth) and the Australian Privacy Principles.</p>
<h2>Information we collect</h2>
<p>We collect the personal information we need to run your account and deliver your orders, including:</p>
<ul>
<li>your name, email address, phone number and delivery address</li>
<li>your order history, box preferences and delivery instructions</li>
<li>payment information, which is processed by our payment provider (we do not store full card numbers)</li>
<li>messages you send us and records of calls with our support team</li>
<li>information about how you use our website, collected through cookies and similar technologies</li>
</ul>
<h2>How we use your information</h2>
<ul>
<li>to process and deliver your orders and manage your subscription</li>
<li>to contact you about your orders, deliveries and account</li>
<li>to respond to your questions and complaints</li>
<li>to improve our products, website and service</li>
<li>to send you news, recipes and offers, if you have agreed to receive them</li>
</ul>
<h2>Who we share it with</h2>
<p>We share your information only with service providers who help us run the business, such as delivery partners, payment processors, email providers and website hosting services. They may only use it to provide their services to us. We never sell your personal information.</p>
<h2>Overseas disclosure</h2>
<p>Some of our service providers store data on servers located outside Australia. When this happens, we take reasonable steps to make sure your information is handled in line with the Australian Privacy Principles.</p>
<h2>Marketing</h2>
<p>You can unsubscribe from marketing emails at any time using the link in any email, or by updating your preferences in your account. We will still send you essential messages about your orders and account.</p>
<h2>Cookies</h2>
<p>We use cookies to keep you logged in, remember what's in your box and understand how our website is used. You can disable cookies in your browser settings, but some parts of the site may not work properly.</p>
<h2>Security and retention</h2>
<p>We take reasonable steps to protect your information from misuse, loss and unauthorised access. We keep your information only for as long as we need it for the purposes described here or as required by law, such as tax record-keeping.</p>
<h2>Access, correction and complaints</h2>
<p>You can ask to see or correct the personal information we hold about you at any time. If you have a concern about how we have handled your information, please contact us at hello@paddockandtide.com.au or on 1300 975 707 and we will respond within 30 days. If you are not satisfied with our response, you can contact the Office of the Australian Information Commissioner (OAIC).</p>`,
  },
  {
    key: "refund-policy",
    header: "Refund and returns policy",
    content: `<p>Last updated: 1 November 2026</p>
<p>We want every box to arrive cold, complete and exactly as you ordered. If something isn't right, we'll fix it. This policy explains how refunds and replacements work for perishable goods.</p>
<h2>Your rights under Australian Consumer Law</h2>
<p>Our goods come with guarantees that cannot be excluded under the Australian Consumer Law. You are entitled to a replacement or refund for a major failure and compensation for any other reasonably foreseeable loss or damage. You are also entitled to have goods replaced if they fail to be of acceptable quality and the failure does not amount to a major failure.</p>
<h2>Perishable goods</h2>
<p>Because meat and seafood are perishable, we cannot accept returns of products once they have been delivered, and we do not offer refunds for change of mind. This does not affect your rights under the Australian Consumer Law if a product is faulty, spoiled or not as described.</p>
<h2>If something is wrong with your order</h2>
<p>Please contact us within <strong>24 hours of delivery</strong> if:</p>
<ul>
<li>your box arrived damaged or not cold</li>
<li>an item is missing or incorrect</li>
<li>a product is spoiled, has a broken seal or is past its use-by date</li>
</ul>
<p>Keep the products and packaging, take photos and email them to hello@paddockandtide.com.au with your order number, or call us on 1300 975 707.</p>
<h2>Quality concerns after delivery</h2>
<p>If you notice a quality problem with a product after it has been refrigerated or frozen, let us know before the use-by date with a photo of the product and its label. We'll look into it with our farmers and fishers and make it right.</p>
<h2>How we resolve issues</h2>
<p>Depending on the problem, we will offer a replacement in your next delivery, an account credit or a refund to your original payment method. Refunds are usually processed within 5 business days, and may take a few more days to appear in your account depending on your bank.</p>
<h2>Missed or failed deliveries</h2>
<p>If your box is not delivered on the scheduled day because of an issue on our side or with our delivery partner, we will arrange a replacement or refund. If a delivery cannot be made because of an incorrect address or access instructions provided by you, we may not be able to offer a refund.</p>
<h2>Subscriptions and cancellations</h2>
<p>You can skip, pause or cancel your subscription at any time before the order cut-off without charge. Orders that have already been processed after the cut-off cannot be cancelled or refunded, as they have been picked and packed for you.</p>
<h2>Gift cards</h2>
<p>Gift cards are not refundable or redeemable for cash, except where required by law. Lost or unused gift card balances can be checked by contacting our support team.</p>`,
  },
];

/* -------------------------------------------------------------------------- */
/* Homepage                                                                   */
/* -------------------------------------------------------------------------- */

export const SEED_HOMEPAGE: SeedHomepage = {
  hero: {
    title: "Australian meat & wild-caught seafood, delivered",
    description:
      "Choose from more than 40 cuts from Australian farming and fishing families, or let us curate a box for you each month. Delivered free to your door, cold and ready to cook.",
    cta: "Build your box",
    list: [
      { bulletText: "Free delivery, no minimum order" },
      { bulletText: "Skip, pause or cancel anytime" },
      { bulletText: "From Australian farming and fishing families" },
      { bulletText: "More than 40 cuts to choose from" },
    ],
    images: [
      {
        mobile: "/images/hero-paddock-mobile.svg",
        desktop: "/images/hero-paddock-desktop.svg",
        alt: "Cattle grazing in green rolling paddocks at sunrise",
      },
      {
        mobile: "/images/hero-coast-mobile.svg",
        desktop: "/images/hero-coast-desktop.svg",
        alt: "Fishing boat returning to harbour along the Australian coast",
      },
      {
        mobile: "/images/hero-kitchen-mobile.svg",
        desktop: "/images/hero-kitchen-desktop.svg",
        alt: "Kitchen bench with steaks, prawns and fresh herbs ready to cook",
      },
    ],
  },
  faq: [
    {
      question: "How does Paddock & Tide work?",
      answer: `<p>Pick a <strong>custom</strong> box and choose your own cuts, or a <strong>curated</strong> box that changes every month. Choose small or large, set how often you'd like it, and we deliver it free to your door. See <a href="/how-it-works">how it works</a>.</p>`,
    },
    {
      question: "How much does a box cost?",
      answer: `<p>Curated boxes start from <strong>$149</strong> and custom boxes from <strong>$169</strong>. Delivery is always free, with no minimum order.</p>`,
    },
    {
      question: "Where do you deliver?",
      answer: `<p>Across NSW, Canberra and the ACT, VIC, QLD, SA and TAS, with fortnightly deliveries to WA and monthly deliveries to the NT. Check your postcode on the <a href="/delivery">delivery page</a>.</p>`,
    },
    {
      question: "Am I locked in?",
      answer: `<p>No. You can <strong>skip, pause or cancel anytime</strong> from your account, with no fees.</p>`,
    },
    {
      question: "Where does the meat come from?",
      answer: `<p>Everything comes from <strong>Australian farming and fishing families</strong>, and all of our seafood is wild-caught.</p>`,
    },
    {
      question: "How does it stay cold?",
      answer: `<p>Each box is packed in a cool room with wool liners and ice packs and travels in refrigerated trucks. It stays cold for well over a day after delivery. Read more in our <a href="/faq">FAQ</a>.</p>`,
    },
  ],
};

/* -------------------------------------------------------------------------- */
/* How it works                                                               */
/* -------------------------------------------------------------------------- */

export const SEED_CONCEPT: SeedConcept = {
  faq: [
    {
      question: "How do I get started?",
      answer: `<p>Choose a custom or curated box, pick small or large, and tell us how often you'd like it delivered. Then choose your delivery day and you're done. You can <a href="/get-started">build your box</a> in a few minutes.</p>`,
    },
    {
      question: "Should I choose a custom or curated box?",
      answer: `<p>If you like to plan your meals, a <strong>custom box</strong> lets you pick from more than 40 cuts (8 selections small, 16 large) and comes with 20% more meat. If you like a bit of variety and surprise, a <strong>curated box</strong> changes every month, with Salmon, Beef, Beef &amp; Chicken, Beef &amp; Pork, Mixed ($169) and Value ($149) options.</p>`,
    },
    {
      question: "Which size is right for me?",
      answer: `<ul>
<li><strong>Custom small</strong> from $169: 2-3 people, up to 6kg</li>
<li><strong>Custom large</strong> from $279: 4-5 people, up to 11kg</li>
<li><strong>Curated small</strong> from $149: up to 5kg</li>
<li><strong>Curated large</strong> from $209: 3-4 people, up to 9kg</li>
</ul>`,
    },
    {
      question: "Can I change my box before it's delivered?",
      answer: `<p>Yes. Before each order cut-off you can change your cuts, box size, delivery date and recurring add-ons in your account. Add-ons can be changed every order.</p>`,
    },
    {
      question: "What if I need a break?",
      answer: `<p>Skip a delivery, pause for a few weeks or cancel altogether. It's all done in your account, anytime, with no fees.</p>`,
    },
  ],
};

/* -------------------------------------------------------------------------- */
/* Locations                                                                  */
/* -------------------------------------------------------------------------- */

export const SEED_LOCATIONS: SeedLocation[] = [
  {
    slug: "sydney",
    title: "Meat and seafood delivery in Sydney",
    location: "Sydney",
    metaDescription:
      "Free meat and wild-caught seafood delivery across Sydney, from the Northern Beaches to the Sutherland Shire. Skip, pause or cancel anytime.",
    content: `<p>Paddock &amp; Tide delivers across greater Sydney, from the Northern Beaches and the North Shore to Parramatta, the Hills District, the Inner West, the Eastern Suburbs and down to the Sutherland Shire. Delivery is free with no minimum order.</p>
<p>Your box arrives between <strong>8am and 6pm</strong> on your chosen day, and you'll see the days available for your postcode at checkout. In many Sydney suburbs you can also choose <strong>overnight silent delivery</strong>, with no SMS or driver notification, so your box is waiting on the doorstep when you wake up.</p>
<p>Much of the beef in Sydney boxes comes from grass-fed herds in the New England region, and our prawns and white fish come from wild fisheries along the New South Wales coast and beyond. Everything is packed cold and travels in refrigerated vans to your door.</p>
<p>Choose a <a href="/get-started">custom box</a> with more than 40 cuts, or a curated box that changes every month.</p>`,
    background: {
      mobile: "/images/location-city-mobile.svg",
      desktop: "/images/location-city-desktop.svg",
      alt: "Sydney Harbour at dusk with city lights reflecting on the water",
    },
    images: [
      { url: "/images/dish-prawn-platter.svg", alt: "Platter of grilled prawns with lemon" },
      { url: "/images/dish-steak-plate.svg", alt: "Sliced scotch fillet with garlic butter" },
      { url: "/images/news-delivery.svg", alt: "Refrigerated delivery van on a suburban street" },
    ],
    description: {
      title: "Build your box for Sydney delivery",
      text: "Pick your cuts or choose a curated box, then select a delivery day that suits you. Free delivery across Sydney.",
      url: "/get-started",
      alt: "Open Paddock & Tide box with steaks and seafood",
    },
    faq: [
      {
        question: "Which Sydney suburbs do you deliver to?",
        answer: `<p>We deliver across greater Sydney, including the Northern Beaches, North Shore, Hills District, Western Sydney, Inner West, Eastern Suburbs and Sutherland Shire. Check your postcode on the <a href="/delivery">delivery page</a>.</p>`,
      },
      {
        question: "Is overnight silent delivery available in Sydney?",
        answer: `<p>Yes, in many Sydney metro suburbs. If it's available at your address you'll see the option at checkout. No SMS or driver notification is sent for overnight deliveries.</p>`,
      },
      {
        question: "Can I get deliveries to the Blue Mountains or Central Coast?",
        answer: `<p>Many postcodes in the Blue Mountains, Central Coast and Wollongong are covered. Enter your postcode at checkout to see your delivery days.</p>`,
      },
    ],
  },
  {
    slug: "melbourne",
    title: "Meat and seafood delivery in Melbourne",
    location: "Melbourne",
    metaDescription:
      "Free delivery of Australian meat and wild-caught seafood across Melbourne and the Mornington Peninsula. No minimum order.",
    content: `<p>We deliver across greater Melbourne, from Brunswick and Fitzroy to the bayside suburbs, the eastern suburbs out to Ringwood and the Dandenongs, the west through Footscray and Werribee, and down to the Mornington Peninsula.</p>
<p>Boxes are delivered between <strong>8am and 6pm</strong>, with the delivery days for your postcode shown at checkout. In selected inner and middle-ring suburbs you can choose <strong>overnight silent delivery</strong> so your box is ready before the morning rush.</p>
<p>Melbourne boxes often feature beef and lamb from family farms in Gippsland and the Western District, along with mussels and white fish from wild fisheries in southern waters. Winter is the perfect time for a slow-roasted lamb shoulder.</p>
<p>Delivery is always free, and you can skip, pause or cancel anytime.</p>`,
    background: {
      mobile: "/images/location-city-mobile.svg",
      desktop: "/images/location-city-desktop.svg",
      alt: "Melbourne city skyline across the Yarra River",
    },
    images: [
      { url: "/images/dish-roast.svg", alt: "Slow-roasted lamb shoulder with rosemary" },
      { url: "/images/dish-soup.svg", alt: "Pot of mussels in tomato and white wine" },
    ],
    description: {
      title: "Start your Melbourne box",
      text: "Choose from more than 40 cuts or a monthly curated box, delivered free across Melbourne.",
      url: "/get-started",
      alt: "Box of lamb, beef and seafood ready for delivery",
    },
    faq: [
      {
        question: "Do you deliver to the Mornington Peninsula and Geelong?",
        answer: `<p>Yes, most postcodes on the Mornington Peninsula and around Geelong are covered. Check yours on the <a href="/delivery">delivery page</a>.</p>`,
      },
      {
        question: "What time will my box arrive in Melbourne?",
        answer: `<p>Between 8am and 6pm on your delivery day. You'll get an SMS on the day, unless you've chosen overnight silent delivery.</p>`,
      },
      {
        question: "Can I leave instructions for apartment deliveries?",
        answer: `<p>Yes. Add building access details, a concierge note or a safe place in your account and our drivers will follow them.</p>`,
      },
    ],
  },
  {
    slug: "brisbane",
    title: "Meat and seafood delivery in Brisbane",
    location: "Brisbane",
    metaDescription:
      "Australian meat and wild-caught seafood delivered free across Brisbane, Logan, Ipswich and Moreton Bay. Packed cold for Queensland weather.",
    content: `<p>Paddock &amp; Tide delivers throughout Brisbane and surrounds, including the inner city, the northside out to Moreton Bay, the southside through to Logan, and west to Ipswich.</p>
<p>Queensland heat is no match for our packing. Every box is lined with wool insulation and packed with extra ice in the warmer months, then delivered between <strong>8am and 6pm</strong> on your chosen day. Overnight silent delivery is available in selected Brisbane suburbs.</p>
<p>Our Queensland customers love wild-caught prawns and white fish, and the beef in many Brisbane boxes comes from grass-fed herds on family properties in the south-east and the Darling Downs.</p>
<p>Free delivery, no minimum order, and you're never locked in.</p>`,
    background: {
      mobile: "/images/location-city-mobile.svg",
      desktop: "/images/location-city-desktop.svg",
      alt: "Brisbane River winding past the city on a sunny afternoon",
    },
    images: [
      { url: "/images/dish-fish-tacos.svg", alt: "Crispy fish tacos with lime slaw" },
      { url: "/images/dish-bbq.svg", alt: "Sticky barbecue pork ribs" },
      { url: "/images/dish-burger.svg", alt: "Beef burger with the lot" },
    ],
    description: {
      title: "Build your Brisbane box",
      text: "Barbecue favourites and wild-caught seafood, delivered cold to your door across Brisbane.",
      url: "/get-started",
      alt: "Box of prawns, steaks and sausages on a kitchen bench",
    },
    faq: [
      {
        question: "Will my box stay cold in a Brisbane summer?",
        answer: `<p>Yes. We add extra ice packs in summer and our insulated liners keep everything cold for well over a day. Choose a shaded safe place for your box.</p>`,
      },
      {
        question: "Do you deliver to the Gold Coast and Sunshine Coast?",
        answer: `<p>Many Gold Coast and Sunshine Coast postcodes are covered. Enter yours on the <a href="/delivery">delivery page</a> to check.</p>`,
      },
      {
        question: "Is overnight silent delivery available in Brisbane?",
        answer: `<p>In selected metro suburbs, yes. You'll see the option at checkout if it's available at your address.</p>`,
      },
    ],
  },
  {
    slug: "perth",
    title: "Meat and seafood delivery in Perth",
    location: "Perth",
    metaDescription:
      "Fortnightly delivery of Australian meat and wild-caught seafood across Perth and surrounds. Free delivery, no minimum order.",
    content: `<p>We deliver to Perth and surrounding areas <strong>every fortnight</strong>, from Joondalup in the north to Rockingham in the south and out to the Perth Hills. Running fortnightly lets us send refrigerated freight direct, which keeps the cold chain short and your box properly cold.</p>
<p>Your box arrives between <strong>8am and 6pm</strong> on your scheduled delivery day, which is shown in your account as soon as you subscribe. Because deliveries are fortnightly, many Perth customers choose a large box to keep the freezer stocked between deliveries.</p>
<p>Perth boxes feature the same beef, lamb, pork and chicken from Australian farming families as the rest of the country, along with wild-caught prawns, scallops and white fish.</p>
<p>Delivery is free, and you can skip, pause or cancel anytime.</p>`,
    background: {
      mobile: "/images/location-city-mobile.svg",
      desktop: "/images/location-city-desktop.svg",
      alt: "Perth city skyline above the Swan River",
    },
    images: [
      { url: "/images/dish-salmon-bowl.svg", alt: "Teriyaki salmon rice bowl" },
      { url: "/images/dish-skewers.svg", alt: "Lemon and oregano lamb skewers" },
    ],
    description: {
      title: "Start your fortnightly Perth box",
      text: "Stock the freezer with a large custom box, delivered free every fortnight across Perth.",
      url: "/get-started",
      alt: "Freezer packed with vacuum-sealed cuts of meat and seafood",
    },
    faq: [
      {
        question: "How often do you deliver to Perth?",
        answer: `<p>Deliveries to Perth and the rest of Western Australia run <strong>fortnightly</strong>. Your next delivery date is always shown in your account.</p>`,
      },
      {
        question: "Can I still skip or pause in WA?",
        answer: `<p>Of course. Skip, pause or cancel anytime from your account before the order cut-off.</p>`,
      },
      {
        question: "Do you deliver to regional Western Australia?",
        answer: `<p>We deliver to many regional WA postcodes. Check yours on the <a href="/delivery">delivery page</a>.</p>`,
      },
      {
        question: "Which box size suits fortnightly delivery?",
        answer: `<p>Many Perth households choose a large box (up to 11kg for custom, up to 9kg for curated) so there's enough to last two weeks.</p>`,
      },
    ],
  },
  {
    slug: "adelaide",
    title: "Meat and seafood delivery in Adelaide",
    location: "Adelaide",
    metaDescription:
      "Free delivery of Australian meat and wild-caught seafood across Adelaide, from the beaches to the Hills. Featuring South Australian lamb and prawns.",
    content: `<p>Paddock &amp; Tide delivers across Adelaide, from Glenelg and the western beaches to the eastern suburbs, the northern suburbs out to Salisbury and up into the Adelaide Hills.</p>
<p>Boxes arrive between <strong>8am and 6pm</strong> on your chosen day, and the days available for your postcode are shown at checkout.</p>
<p>South Australia is close to our hearts. Much of our lamb comes from the Hartley family on the edge of the Coorong, and our king prawns are caught at night by the family fleets of Spencer Gulf. Adelaide customers get them from just up the road.</p>
<p>Free delivery, no minimum order, and the freedom to skip, pause or cancel anytime.</p>`,
    background: {
      mobile: "/images/location-city-mobile.svg",
      desktop: "/images/location-city-desktop.svg",
      alt: "Adelaide city and parklands with the Adelaide Hills behind",
    },
    images: [
      { url: "/images/dish-prawn-platter.svg", alt: "Spencer Gulf king prawns on a platter" },
      { url: "/images/dish-roast.svg", alt: "Roast lamb shoulder" },
      { url: "/images/news-boat.svg", alt: "Prawn trawler on Spencer Gulf" },
    ],
    description: {
      title: "Build your Adelaide box",
      text: "South Australian lamb and Spencer Gulf prawns, delivered free across Adelaide.",
      url: "/get-started",
      alt: "Box of lamb cuts and prawns ready to unpack",
    },
    faq: [
      {
        question: "Do you deliver to the Adelaide Hills and Fleurieu Peninsula?",
        answer: `<p>Most Adelaide Hills postcodes are covered, along with parts of the Fleurieu Peninsula. Check your postcode on the <a href="/delivery">delivery page</a>.</p>`,
      },
      {
        question: "Is the lamb really from South Australia?",
        answer: `<p>Much of it is. We work closely with South Australian producers, including a family farm near the Coorong.</p>`,
      },
      {
        question: "When will my box arrive?",
        answer: `<p>Between 8am and 6pm on your chosen delivery day. You'll receive an SMS on the day.</p>`,
      },
    ],
  },
  {
    slug: "hobart",
    title: "Meat and seafood delivery in Hobart and Tasmania",
    location: "Hobart",
    metaDescription:
      "Free delivery of Australian meat and wild-caught seafood across Hobart and Tasmania. Please note salmon is not shipped to Tasmania.",
    content: `<p>We deliver to Hobart and across Tasmania, including Kingston, Glenorchy, Sorell, Launceston and the north-west coast. Boxes arrive between <strong>8am and 6pm</strong> on your delivery day, with the days available for your postcode shown at checkout.</p>
<p><strong>Please note: we don't ship salmon to Tasmania.</strong> Tasmania has quarantine restrictions on wild salmon, so salmon isn't available in the shop for Tasmanian addresses and the Salmon curated box can't be delivered there. If you're on another curated box, we'll swap salmon for seafood or meat of similar value.</p>
<p>There's still plenty to choose from: grass-fed beef, lamb, pork, chicken and wild-caught prawns, scallops, calamari, mussels and white fish. Tasmanian winters are made for a slow-cooked brisket or a big pot of soup.</p>
<p>Delivery is free with no minimum order, and you can skip, pause or cancel anytime.</p>`,
    background: {
      mobile: "/images/location-bush-mobile.svg",
      desktop: "/images/location-bush-desktop.svg",
      alt: "Bushland and mountains near Hobart under a cloudy sky",
    },
    images: [
      { url: "/images/dish-soup.svg", alt: "Chicken thigh and barley soup" },
      { url: "/images/dish-pasta.svg", alt: "Scallop, lemon and chilli linguine" },
    ],
    description: {
      title: "Build your Tasmanian box",
      text: "Beef, lamb, pork, chicken and wild-caught seafood (excluding salmon), delivered free across Tasmania.",
      url: "/get-started",
      alt: "Box of beef and seafood on a wooden table",
    },
    faq: [
      {
        question: "Why can't I get salmon in Tasmania?",
        answer: `<p>Tasmania has quarantine restrictions on wild salmon, so we're not able to ship salmon to Tasmanian addresses. All our other seafood is available.</p>`,
      },
      {
        question: "What happens to salmon in my curated box?",
        answer: `<p>For Tasmanian addresses we automatically replace salmon with another seafood or meat item of similar value. The Salmon curated box isn't available in Tasmania.</p>`,
      },
      {
        question: "Do you deliver outside Hobart?",
        answer: `<p>Yes, we deliver across Tasmania, including Launceston and the north-west coast. Check your postcode on the <a href="/delivery">delivery page</a>.</p>`,
      },
    ],
  },
];

/* -------------------------------------------------------------------------- */
/* Testimonials                                                               */
/* -------------------------------------------------------------------------- */

export const SEED_TESTIMONIALS: SeedTestimonial[] = [
  {
    name: "Sarah M.",
    location: "Sydney, NSW",
    quote:
      "The scotch fillet is better than anything I can get at my local butcher, and I love knowing which farm it came from. Skipping a week when we're away takes about ten seconds.",
    rating: 5,
  },
  {
    name: "Daniel K.",
    location: "Melbourne, VIC",
    quote:
      "We switched to a custom box so the kids could pick their favourites. Sausages, drumsticks and a lamb shoulder for Sunday. Dinner planning is so much easier now.",
    rating: 5,
  },
  {
    name: "Mel T.",
    location: "Brisbane, QLD",
    quote:
      "I was worried about the heat, but every box has turned up icy cold, even in January. The prawns are sweet and the fish tacos recipe is now a Friday night regular.",
    rating: 5,
  },
  {
    name: "Raj P.",
    location: "Perth, WA",
    quote:
      "Fortnightly delivery suits us perfectly. We get a large box and it keeps the freezer full until the next one arrives. Would love a few more seafood options, but the quality is excellent.",
    rating: 4,
  },
  {
    name: "Jess H.",
    location: "Adelaide, SA",
    quote:
      "The Mixed box is brilliant value and it changes every month, so I've cooked cuts I'd never have bought myself. The brisket was a revelation.",
    rating: 5,
  },
  {
    name: "Liam O.",
    location: "Canberra, ACT",
    quote:
      "Overnight silent delivery is a game changer with a newborn. No doorbell, no texts, just a cold box on the porch in the morning. Customer service sorted a missing item the same day.",
    rating: 4,
  },
];

/* -------------------------------------------------------------------------- */
/* Social posts                                                               */
/* -------------------------------------------------------------------------- */

export const SEED_SOCIAL_POSTS: SeedSocialPost[] = [
  {
    handle: "@paddockandtide",
    caption:
      "Scotch fillet, hot pan, garlic and thyme butter. That's the whole recipe. Rest it for five minutes before you cut in.",
    image: {
      url: "/images/dish-steak-plate.svg",
      alt: "Sliced scotch fillet with garlic butter on a plate",
    },
  },
  {
    handle: "@paddockandtide",
    caption:
      "Spencer Gulf king prawns, straight onto the barbie. Caught at night, frozen on board, delivered to your door.",
    image: {
      url: "/images/dish-prawn-platter.svg",
      alt: "Platter of grilled king prawns with lemon",
    },
  },
  {
    handle: "@sundaysatsams",
    caption:
      "Four hours in the oven and this lamb shoulder from @paddockandtide just fell apart. Sunday sorted.",
    image: { url: "/images/dish-roast.svg", alt: "Pulled lamb shoulder on a roasting tray" },
  },
  {
    handle: "@brisbanebites",
    caption:
      "Fish taco Friday with wild-caught white fish from this week's box. Lime slaw is non-negotiable.",
    image: {
      url: "/images/dish-fish-tacos.svg",
      alt: "Fish tacos with purple slaw and lime wedges",
    },
  },
  {
    handle: "@paddockandtide",
    caption:
      "Ribs low and slow in the oven, then onto the grill with a sticky glaze. Napkins recommended.",
    image: { url: "/images/dish-bbq.svg", alt: "Glazed barbecue pork ribs on a board" },
  },
  {
    handle: "@thehungryhendersons",
    caption:
      "Teriyaki salmon bowls on a Tuesday because we've earned it. Fifteen minutes, one pan.",
    image: {
      url: "/images/dish-salmon-bowl.svg",
      alt: "Salmon rice bowl with avocado and sesame seeds",
    },
  },
  {
    handle: "@paddockandtide",
    caption:
      "Burger with the lot. Yes, the beetroot stays. Tag someone who takes the pineapple off.",
    image: {
      url: "/images/dish-burger.svg",
      alt: "Beef burger with bacon, egg, beetroot and pineapple",
    },
  },
  {
    handle: "@perthcookslocal",
    caption:
      "Big fortnightly box arrived, so it's massaman night. Beef so tender you don't need a knife.",
    image: { url: "/images/dish-curry.svg", alt: "Bowl of beef massaman curry with rice" },
  },
];
