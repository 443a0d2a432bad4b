// Demo tips on composting, plant care, vertical gardening and herbs.
import type { SeedTip } from "./types.ts";

export const compostCareAndHerbTips: SeedTip[] = [
  // Composting
  {
    title: "Balance greens and browns for a hot compost pile",
    plantType: "All plants",
    difficulty: "Medium",
    description:
      "A hot pile needs roughly two to three buckets of browns (dry leaves, straw, shredded cardboard) for every bucket of greens (kitchen scraps, fresh grass clippings, coffee grounds). Build it at least 1 m (3 ft) on each side so it can hold heat, and keep it as moist as a wrung-out sponge. Turn it every week or two to let air in; a well-balanced pile reaches 55-65 °C (130-150 °F), hot enough to kill most weed seeds. If it smells of ammonia, add browns; if it stays cold and dry, add greens and water.",
    images: "/images/tips/compost-bin.svg",
    category: "Composting",
    availability: "Public",
    authorEmail: "daniel.kowalski@example.com",
    totalLiked: 124,
    createdAt: "2025-04-08T07:42:00.000Z",
  },
  {
    title: "Start a worm bin for apartment kitchen scraps",
    plantType: "Container plants",
    difficulty: "Easy",
    description:
      "Vermicomposting works on a balcony or under the sink, as long as you use composting worms such as red wigglers (Eisenia fetida), not garden earthworms. Start with moist shredded cardboard or newspaper as bedding and bury small amounts of vegetable scraps in a different corner each time. Skip meat, dairy, oily food and large amounts of citrus or onion, which make the bin sour and smelly. After three to four months, push the finished castings to one side and add fresh bedding and food to the other; the worms migrate over and you can harvest the castings.",
    images: "/images/tips/compost-bin.svg",
    category: "Composting",
    availability: "Public",
    authorEmail: "sofia.marquez@example.com",
    totalLiked: 67,
    createdAt: "2025-02-19T18:05:00.000Z",
  },
  {
    title: "Ferment cooked leftovers with bokashi before composting",
    plantType: "All plants",
    difficulty: "Medium",
    description:
      "Bokashi is an anaerobic fermentation, so unlike an ordinary heap it can take cooked food and small amounts of meat and dairy. Layer scraps in an airtight bucket, sprinkle each layer with bokashi bran, press out the air and close the lid tightly. Drain the liquid from the tap every two or three days; diluted about 1:100 with water it makes a mild plant feed.\nAfter about two weeks of fermenting, bury the contents in a trench or mix them into your compost. The material is very acidic at first, so wait two to four weeks before planting directly into that spot.",
    images: "/images/tips/compost-bin.svg",
    category: "Composting",
    availability: "Private",
    authorEmail: "rowan.ellis@example.com",
    totalLiked: 0,
    createdAt: "2026-02-03T20:31:00.000Z",
  },

  // Plant Care
  {
    title: "Water deeply and less often for stronger roots",
    plantType: "All plants",
    difficulty: "Easy",
    description:
      "Frequent light sprinkles only wet the top few centimetres of soil, which keeps roots shallow and makes plants wilt on the first hot day. Instead, give beds a thorough soak of about 2.5 cm (1 inch) of water per week, in one or two sessions, so moisture reaches 15-20 cm down. Before watering, push a finger into the soil up to the second knuckle: if it is still moist, wait. Water early in the morning so the leaves dry quickly, which reduces fungal diseases.",
    images: "/images/tips/watering-can.svg",
    category: "Plant Care",
    availability: "Public",
    authorEmail: "maya.okafor@example.com",
    totalLiked: 138,
    createdAt: "2025-06-02T06:15:00.000Z",
  },
  {
    title: "Repot root-bound plants only one pot size up",
    plantType: "Fiddle-leaf fig (Ficus lyrata)",
    difficulty: "Medium",
    description:
      "When roots circle the bottom of the pot or poke out of the drainage holes, it is time to repot, ideally in spring as growth picks up. Choose a pot only 2-5 cm (1-2 inches) wider than the old one: a much bigger pot holds wet soil the roots can't reach, which invites root rot. Gently tease apart circling roots, set the plant at the same depth as before and water thoroughly. Expect a week or two of sulking, and hold off on fertiliser for about a month.",
    images: "/images/tips/houseplant-shelf.svg",
    category: "Plant Care",
    availability: "Public",
    authorEmail: "grace.liu@example.com",
    totalLiked: 45,
    createdAt: "2025-03-27T12:48:00.000Z",
  },
  {
    title: "Read the pattern of yellow leaves before you feed",
    plantType: "All plants",
    difficulty: "Hard",
    description:
      "Where the yellowing starts tells you a lot. Older, lower leaves turning evenly pale usually point to a nitrogen shortage, because plants move mobile nutrients like nitrogen from old leaves to new growth. Young leaves that turn yellow between green veins (interveinal chlorosis) often mean iron is unavailable, which is usually caused by a soil pH that is too high rather than a real lack of iron.\nIf leaves are yellow and limp while the soil is wet, suspect overwatering and root damage before reaching for fertiliser; feeding a plant with rotting roots only makes things worse. A cheap pH test is often the best first diagnosis.",
    images: "/images/tips/houseplant-shelf.svg",
    category: "Plant Care",
    availability: "Public",
    authorEmail: "priya.raman@example.com",
    totalLiked: 58,
    createdAt: "2026-07-21T09:27:00.000Z",
  },

  // Vertical Gardening
  {
    title: "Grow cucumbers up a trellis instead of along the ground",
    plantType: "Cucumber",
    difficulty: "Easy",
    description:
      "Vining cucumbers happily climb a 1.5-1.8 m (5-6 ft) trellis, net or cattle panel, which saves bed space and gives straighter, cleaner fruit. Better airflow around the leaves also helps reduce powdery mildew and fruit rot. Guide young vines onto the support and tie them loosely with soft twine until the tendrils take hold. Pick the fruit regularly while it is young, because plants slow down once cucumbers are left to mature.",
    images: "/images/tips/cucumber-trellis.svg",
    category: "Vertical Gardening",
    availability: "Public",
    authorEmail: "maya.okafor@example.com",
    totalLiked: 92,
    createdAt: "2025-05-11T15:10:00.000Z",
  },
  {
    title: "Plan pocket wall planters around the way water drains",
    plantType: "Herbs and strawberries",
    difficulty: "Medium",
    description:
      "In a fabric or felt pocket planter, water runs downward, so the top row dries out fastest and the bottom row stays wettest. Put drought-tolerant plants such as thyme, oregano and sedum at the top, and thirsty ones like strawberries, lettuce and mint lower down. Use a moisture-retentive potting mix rather than garden soil, and consider a simple drip line along the top, because each pocket holds little soil and can dry out in a single hot afternoon.",
    images: "/images/tips/vertical-wall-planter.svg",
    category: "Vertical Gardening",
    availability: "Public",
    authorEmail: "sofia.marquez@example.com",
    totalLiked: 73,
    createdAt: "2026-06-29T17:52:00.000Z",
  },
  {
    title: "Train an espalier apple against a sunny wall",
    plantType: "Apple tree",
    difficulty: "Hard",
    description:
      "Start in winter with a one-year-old unbranched whip on a dwarfing rootstock such as M26, planted 15-20 cm from a wall or fence fitted with horizontal wires about 45 cm apart. Cut the whip just above a bud near the first wire; in spring, train the top shoot upright and the two strongest side shoots along canes set at 45 degrees, lowering them to horizontal at the end of the growing season. Repeat for each tier over the following years.\nOnce the framework is built, shorten mature side shoots to three leaves above the basal cluster in late summer to encourage fruiting spurs.",
    images: "/images/tips/espalier-fence.svg",
    category: "Vertical Gardening",
    availability: "Hidden",
    authorEmail: "lars.johansson@example.com",
    totalLiked: 12,
    createdAt: "2025-01-22T10:03:00.000Z",
  },

  // Herbs & Spices
  {
    title: "Start chili peppers early and keep the seeds warm",
    plantType: "Chili pepper",
    difficulty: "Medium",
    description:
      "Chilies need a long season, so sow them indoors 8-10 weeks before your last frost date, or even earlier for very hot varieties like habaneros. The seeds germinate best at 25-30 °C (77-86 °F); a heat mat under the tray can cut germination from several weeks to about 7-14 days. Once the seedlings are up, move them into bright light and grow them slightly cooler so they don't get leggy. Plant them outside only when nights stay above 10 °C (50 °F).",
    images: "/images/tips/chili-pepper-plant.svg",
    category: "Herbs & Spices",
    availability: "Public",
    authorEmail: "priya.raman@example.com",
    totalLiked: 81,
    createdAt: "2026-02-12T08:20:00.000Z",
  },
  {
    title: "Grow your own saffron from Crocus sativus corms",
    plantType: "Saffron crocus (Crocus sativus)",
    difficulty: "Hard",
    description:
      "Plant corms in late summer about 10 cm (4 in) deep and 10 cm apart, in very free-draining soil in full sun; they rot in soggy ground. The lilac flowers appear in autumn, and each has just three red stigmas, which you pick by hand on the morning the flower opens. Dry them gently in a warm, dark place and store them airtight: it takes roughly 150 flowers to make a single gram of dried saffron.\nBuy corms from a reputable supplier and never confuse them with Colchicum autumnale, the toxic 'autumn crocus'.",
    images: "/images/tips/saffron-crocus.svg",
    category: "Herbs & Spices",
    availability: "Public",
    authorEmail: "mateo.rossi@example.com",
    totalLiked: 39,
    createdAt: "2025-08-30T16:44:00.000Z",
  },
  {
    title: "Sprout ginger from a supermarket rhizome",
    plantType: "Ginger",
    difficulty: "Easy",
    description:
      "Choose a plump, firm piece of ginger with visible growth buds (the small yellowish 'eyes') and soak it overnight, as shop ginger is sometimes treated to slow sprouting. Plant it horizontally 2-5 cm deep in a wide pot of free-draining compost with the buds facing up, and keep it warm (above 20 °C) and lightly moist. Shoots can take several weeks to appear. You can dig tender young ginger after about four months, or wait 8-10 months for a full crop when the leaves turn yellow.",
    images: "/images/tips/herb-pots.svg",
    category: "Herbs & Spices",
    availability: "Public",
    authorEmail: "grace.liu@example.com",
    totalLiked: 56,
    createdAt: "2025-04-19T11:36:00.000Z",
  },

  // Herbs
  {
    title: "Pinch basil above a leaf pair for bushier plants",
    plantType: "Basil",
    difficulty: "Easy",
    description:
      "When basil has three or four pairs of true leaves, snip the main stem just above a pair of leaves. Two new shoots grow from that node, and repeating this every couple of weeks gives you a bushy plant instead of one tall stalk. Always harvest from the top rather than stripping the big lower leaves, and pinch off flower buds as soon as they appear, since flowering makes the leaves tougher and less aromatic. Basil hates the cold, so keep it above about 10 °C (50 °F).",
    images: "/images/tips/herb-pots.svg",
    category: "Herbs",
    availability: "Public",
    authorEmail: "maya.okafor@example.com",
    totalLiked: 131,
    createdAt: "2025-06-18T07:58:00.000Z",
  },
  {
    title: "Keep mint in a pot so it doesn't take over the border",
    plantType: "Mint",
    difficulty: "Easy",
    description:
      "Mint spreads by fast underground runners and can invade a whole bed within a couple of seasons. Grow it in a container, or sink a large pot into the ground with its rim about 5 cm above soil level so the runners can't hop over. Give it moist soil and some afternoon shade, and cut it back hard after flowering for a fresh flush of leaves. Lift and divide potted mint every two or three years, replanting the vigorous outer pieces in fresh compost.",
    images: "/images/tips/herb-pots.svg",
    category: "Herbs",
    availability: "Public",
    authorEmail: "eleanor.whitfield@example.com",
    totalLiked: 88,
    createdAt: "2025-03-09T14:22:00.000Z",
  },
  {
    title: "Sow cilantro every three weeks to beat bolting",
    plantType: "Cilantro (coriander)",
    difficulty: "Medium",
    description:
      "Cilantro is a cool-season herb that runs to seed quickly in hot weather and long days, so a single sowing rarely lasts. Sow a short row or a pot every two to three weeks from early spring, pause in the hottest part of summer, and start again as temperatures drop in autumn. Sow it where it will grow, because it resents transplanting, and choose slow-bolting varieties. When plants do flower, let a few set seed: the dried seeds are the spice coriander.",
    images: "/images/tips/herb-pots.svg",
    category: "Herbs",
    availability: "Private",
    authorEmail: "priya.raman@example.com",
    totalLiked: 4,
    createdAt: "2026-04-14T13:09:00.000Z",
  },
];
