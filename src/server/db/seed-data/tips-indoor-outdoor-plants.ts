// Demo tips on indoor and outdoor gardening, vegetables, flowers and trees.
import type { SeedTip } from "./types.ts";

export const indoorOutdoorAndPlantTips: SeedTip[] = [
  // Indoor Gardening
  {
    title: "Give your Monstera a moss pole for bigger leaves",
    plantType: "Monstera deliciosa",
    difficulty: "Medium",
    description:
      "In the wild Monstera deliciosa is a climber, and it produces larger, more deeply split leaves once it has something to climb. Insert a moss or coir pole at repotting time, close to the stem, and tie the stem to it loosely with soft plant ties, with the aerial roots facing the pole. Keep the moss slightly damp so the aerial roots grow into it. Extend the pole when the plant reaches the top instead of letting the stem flop over.",
    images: "/images/tips/houseplant-shelf.svg",
    category: "Indoor Gardening",
    availability: "Public",
    authorEmail: "grace.liu@example.com",
    totalLiked: 104,
    createdAt: "2026-09-12T19:14:00.000Z",
  },
  {
    title: "Grow microgreens on a windowsill in under two weeks",
    plantType: "Radish and pea microgreens",
    difficulty: "Easy",
    description:
      "Fill a shallow tray with 2-3 cm of moist seed compost, scatter seeds so densely they almost touch, press them in and cover the tray for two or three days until they sprout. Then move it into bright light and water from below by filling a tray underneath, which keeps the stems dry and reduces damping off. Radish is ready in about 7-10 days and pea shoots in around two weeks; cut them just above the soil with scissors. Fuzzy white hairs at the base of the stems are normal root hairs, not mould.",
    images: "/images/tips/seedling-trays.svg",
    category: "Indoor Gardening",
    availability: "Public",
    authorEmail: "sofia.marquez@example.com",
    totalLiked: 76,
    createdAt: "2025-11-03T10:47:00.000Z",
  },
  {
    title: "Hang LED grow lights close and put them on a timer",
    plantType: "Seedlings",
    difficulty: "Medium",
    description:
      "Leggy, pale seedlings are almost always a sign of too little light. Most LED grow lights should hang about 15-30 cm (6-12 in) above seedlings; check your model's guidance and raise the light as plants grow. Give seedlings 14-16 hours of light a day using a cheap plug-in timer, and always allow a dark period of at least eight hours. If leaves bleach or curl at the edges, the light is too close.",
    images: "/images/tips/seedling-trays.svg",
    category: "Indoor Gardening",
    availability: "Hidden",
    authorEmail: "rowan.ellis@example.com",
    totalLiked: 7,
    createdAt: "2026-01-19T21:40:00.000Z",
  },

  // Outdoor Gardening
  {
    title: "Map your sun before you dig a new bed",
    plantType: "Vegetables",
    difficulty: "Easy",
    description:
      "Before building a new bed, note where the sun falls in your garden every couple of hours on a clear day. Fruiting crops such as tomatoes, peppers, squash and beans need at least six to eight hours of direct sun, while lettuce, spinach, chard and most leafy herbs cope with three to four. Remember that deciduous trees cast far more shade in summer than they seem to when you look at them in winter. A quick sketch with sun hours will save you years of disappointing harvests.",
    images: "/images/tips/raised-vegetable-bed.svg",
    category: "Outdoor Gardening",
    availability: "Public",
    authorEmail: "eleanor.whitfield@example.com",
    totalLiked: 49,
    createdAt: "2025-01-30T09:55:00.000Z",
  },
  {
    title: "Harden off seedlings over 7-10 days before planting out",
    plantType: "Vegetable seedlings",
    difficulty: "Medium",
    description:
      "Seedlings raised indoors have soft leaves that scorch in the sun and snap in the wind. A week or two before planting out, set them outside in a sheltered, shady spot for an hour or two, then lengthen the time and increase the sun exposure a little each day. Bring tender crops like tomatoes and peppers back in if nights drop below about 10 °C. By the end they should be able to stay out overnight, and transplanting on an overcast day reduces shock further.",
    images: "/images/tips/seedling-trays.svg",
    category: "Outdoor Gardening",
    availability: "Public",
    authorEmail: "maya.okafor@example.com",
    totalLiked: 97,
    createdAt: "2026-04-30T16:02:00.000Z",
  },
  {
    title: "Collect rainwater from your downspout",
    plantType: "All plants",
    difficulty: "Easy",
    description:
      "A roof collects a surprising amount of water: every 10 mm of rain on 50 m² of roof gives about 500 litres. Fit a diverter kit to a downspout and use a barrel with a lid and fine mesh screen to keep out leaves and mosquitoes. Raise it on blocks so a watering can fits under the tap, and add an overflow that leads water away from the house foundations. Rainwater is soft and at air temperature, which acid-loving plants like blueberries and rhododendrons especially appreciate.",
    images: "/images/tips/watering-can.svg",
    category: "Outdoor Gardening",
    availability: "Public",
    authorEmail: "daniel.kowalski@example.com",
    totalLiked: 63,
    createdAt: "2025-05-24T08:33:00.000Z",
  },

  // Vegetables
  {
    title: "Plant tomatoes deep to grow a stronger root system",
    plantType: "Tomato",
    difficulty: "Easy",
    description:
      "Tomato stems can grow roots all along their length, so bury transplants deeper than they sat in the pot. Remove the lower leaves and plant so that only the top third of the plant is above ground; the buried stem quickly sprouts new roots that help the plant find water. For a leggy seedling in cold or heavy soil, dig a shallow trench and lay the stem on its side instead, gently bending the tip upright, since soil near the surface warms faster. Most other crops should go in at the depth they were growing.",
    images: "/images/tips/tomato-plant.svg",
    category: "Vegetables",
    availability: "Public",
    authorEmail: "maya.okafor@example.com",
    totalLiked: 140,
    createdAt: "2025-05-03T07:12:00.000Z",
  },
  {
    title: "Stop blossom end rot with steady watering, not eggshells",
    plantType: "Tomato",
    difficulty: "Medium",
    description:
      "The dark, leathery patch on the bottom of tomatoes is caused by a shortage of calcium in the developing fruit, but the soil usually has plenty. The real problem is uneven watering: calcium travels with water, so cycles of drought and flooding stop it reaching the fruit. Water deeply and consistently, mulch to keep soil moisture steady, and avoid heavy doses of high-nitrogen fertiliser. Eggshells break down far too slowly to help this season; remove affected fruit, and later trusses usually come through fine once watering is even.",
    images: "/images/tips/tomato-plant.svg",
    category: "Vegetables",
    availability: "Public",
    authorEmail: "daniel.kowalski@example.com",
    totalLiked: 110,
    createdAt: "2025-07-28T18:26:00.000Z",
  },
  {
    title: "Plant garlic in autumn for big bulbs next summer",
    plantType: "Garlic",
    difficulty: "Medium",
    description:
      "Garlic needs a spell of cold to split into cloves, so plant it in autumn, roughly four to six weeks before the ground freezes. Separate the bulb just before planting and set the largest cloves pointed end up, about 5 cm (2 in) deep and 15 cm (6 in) apart, in rich, well-drained soil. On hardneck types, snap off the curly flower stalks (scapes) in early summer to push energy into the bulbs, and eat them. Harvest when the lower three or four leaves have browned but five or six are still green, then cure the bulbs somewhere dry and airy for two to three weeks.",
    images: "/images/tips/raised-vegetable-bed.svg",
    category: "Vegetables",
    availability: "Public",
    authorEmail: "eleanor.whitfield@example.com",
    totalLiked: 72,
    createdAt: "2025-10-07T13:50:00.000Z",
  },
  {
    title: "Use a four-year crop rotation to keep soil diseases down",
    plantType: "Vegetables",
    difficulty: "Hard",
    description:
      "Many soil-borne pests and diseases attack a single plant family, so moving each family to a new bed every year starves them out. A classic four-bed rotation runs legumes (peas, beans), then brassicas (cabbage, kale, broccoli), then roots and alliums (carrots, beets, onions), then nightshades (tomatoes, potatoes, peppers). Brassicas benefit from following legumes, which leave nitrogen-rich residues. Keep a written plan, and know that rotation slows but cannot clear a disease like clubroot, whose spores can survive in soil for up to 20 years.",
    images: "/images/tips/raised-vegetable-bed.svg",
    category: "Vegetables",
    availability: "Public",
    authorEmail: "rowan.ellis@example.com",
    totalLiked: 54,
    createdAt: "2026-01-27T11:18:00.000Z",
  },

  // Flowers
  {
    title: "Deadhead annuals to keep them flowering all summer",
    plantType: "Cosmos, zinnias and petunias",
    difficulty: "Easy",
    description:
      "An annual's job is to set seed, and once it has done so it slows down flowering. Removing spent blooms before they form seed heads pushes the plant to produce more buds. Cut back to just above the next leaf or side bud rather than pulling off the petals, and do a quick round every few days. Stop deadheading late in the season if you want to save seed or leave seed heads for finches.",
    images: "/images/tips/flower-border.svg",
    category: "Flowers",
    availability: "Public",
    authorEmail: "eleanor.whitfield@example.com",
    totalLiked: 66,
    createdAt: "2025-07-06T09:04:00.000Z",
  },
  {
    title: "Lift and store dahlia tubers over winter",
    plantType: "Dahlia",
    difficulty: "Hard",
    description:
      "Where winters bring hard frosts, lift dahlias after the first frost has blackened the foliage. Cut the stems down to 10-15 cm, ease the clump out with a fork, and let it dry upside down for a few days so water drains from the hollow stems. Store the tubers in boxes of barely moist vermiculite, wood shavings or dry compost somewhere cool and frost-free, ideally 4-10 °C (40-50 °F).\nCheck them once a month and cut out any soft or rotting parts; if tubers shrivel badly, mist the storage material lightly.",
    images: "/images/tips/flower-border.svg",
    category: "Flowers",
    availability: "Private",
    authorEmail: "eleanor.whitfield@example.com",
    totalLiked: 0,
    createdAt: "2026-10-28T15:37:00.000Z",
  },
  {
    title: "Plant for pollinators from early spring to late autumn",
    plantType: "Pollinator-friendly flowers",
    difficulty: "Easy",
    description:
      "Bees need food for the whole season, not just in June. Aim for at least three plants in flower at any time: crocus and lungwort in early spring, then alliums, catmint and foxgloves, followed by lavender, echinacea and oregano in summer, and asters and sedum into autumn. Plant each one in generous clumps rather than singly, choose single-flowered varieties whose pollen is easy to reach, and never spray insecticides on anything in bloom.",
    images: "/images/tips/bees-on-flowers.svg",
    category: "Flowers",
    availability: "Public",
    authorEmail: "maya.okafor@example.com",
    totalLiked: 119,
    createdAt: "2025-03-21T17:29:00.000Z",
  },

  // Trees
  {
    title: "Don't pile mulch against tree trunks",
    plantType: "Trees",
    difficulty: "Easy",
    description:
      "Mulch 'volcanoes' heaped against a trunk keep the bark permanently wet, inviting rot, pests and girdling roots that can slowly strangle the tree. Spread mulch in a wide, flat ring 5-10 cm (2-4 in) deep, out toward the drip line if you can, and pull it back to leave a gap of about 10 cm around the trunk. You should always be able to see the root flare, where the trunk widens at its base.",
    images: "/images/tips/young-tree.svg",
    category: "Trees",
    availability: "Public",
    authorEmail: "hiroshi.tanaka@example.com",
    totalLiked: 85,
    createdAt: "2025-09-25T06:50:00.000Z",
  },
  {
    title: "Prune apple and pear trees in late winter",
    plantType: "Apple and pear trees",
    difficulty: "Hard",
    description:
      "Prune apples and pears while they are dormant, on a dry day after the worst cold has passed. Start with the three Ds (dead, damaged and diseased wood), then remove branches that cross, rub or grow into the centre, aiming for an open shape that lets in light and air. Cut just outside the branch collar, the slightly swollen ring where a branch meets the trunk, and never remove more than about a quarter of the canopy in one year, or the tree will respond with a mass of upright water sprouts.\nPrune cherries and plums in summer instead, as winter cuts leave them open to silver leaf and bacterial canker.",
    images: "/images/tips/pruning-tools.svg",
    category: "Trees",
    availability: "Public",
    authorEmail: "lars.johansson@example.com",
    totalLiked: 47,
    createdAt: "2025-01-06T10:21:00.000Z",
  },
  {
    title: "Plant bare-root trees wide, not deep",
    plantType: "Young fruit and shade trees",
    difficulty: "Medium",
    description:
      "Bare-root trees are cheaper and establish well when planted while dormant, between leaf fall and early spring, whenever the ground isn't frozen. Soak the roots in a bucket of water for a couple of hours, then dig a hole two to three times wider than the root spread but no deeper. Spread the roots over a small mound of soil and set the tree so the root flare sits at or slightly above ground level. Backfill with the original soil, firm gently and water well; stake low down only on windy sites, and remove the stake after a year.",
    images: "/images/tips/young-tree.svg",
    category: "Trees",
    availability: "Public",
    authorEmail: "hiroshi.tanaka@example.com",
    totalLiked: 22,
    createdAt: "2026-03-05T08:08:00.000Z",
  },
];
