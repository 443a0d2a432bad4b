// Demo tips on tools, pests, soil, the seasons and everything else.
import type { SeedTip } from "./types.ts";

export const toolPestAndSeasonTips: SeedTip[] = [
  // Gardening Tools
  {
    title: "Sharpen and clean your pruners at the start of the season",
    plantType: "All plants",
    difficulty: "Medium",
    description:
      "Dull blades crush stems instead of cutting them, leaving wounds that heal slowly and let disease in. Scrub off sap with warm soapy water or rubbing alcohol, then sharpen bypass pruners on the bevelled side only, using a diamond file or whetstone and following the original angle with smooth strokes. Remove the small burr on the flat side with one light pass, put a drop of light oil on the pivot and spring, and wipe the blades. When cutting diseased plants, wipe the blades with 70% isopropyl alcohol between cuts.",
    images: "/images/tips/pruning-tools.svg",
    category: "Gardening Tools",
    availability: "Public",
    authorEmail: "daniel.kowalski@example.com",
    totalLiked: 61,
    createdAt: "2025-02-26T19:41:00.000Z",
  },
  {
    title: "Choose bypass pruners for living stems",
    plantType: "Shrubs and trees",
    difficulty: "Easy",
    description:
      "Bypass pruners work like scissors, with one sharp blade sliding past a hooked jaw, giving a clean cut that living stems heal quickly. Anvil pruners press a blade onto a flat surface, which is fine for dead, dry wood but tends to crush green stems. For branches thicker than about 2 cm (3/4 in), switch to loppers, and above roughly 4 cm use a pruning saw rather than forcing the tool and twisting the cut.",
    images: "/images/tips/pruning-tools.svg",
    category: "Gardening Tools",
    availability: "Public",
    authorEmail: "hiroshi.tanaka@example.com",
    totalLiked: 52,
    createdAt: "2026-05-20T12:16:00.000Z",
  },
  {
    title: "Keep hand tools rust-free in a bucket of oily sand",
    plantType: "All plants",
    difficulty: "Easy",
    description:
      "Fill a bucket with coarse builder's sand and mix in a cup or so of mineral oil until the sand feels just slightly damp. After each session, knock the soil off your trowel, hand fork and pruning saw and push them into the sand a few times: the grit scours off remaining dirt and the oil leaves a thin film that stops rust. Keep the bucket under cover so rain doesn't turn it into sludge, and use it for metal blades only, not wooden handles.",
    images: "/images/tips/pruning-tools.svg",
    category: "Gardening Tools",
    availability: "Hidden",
    authorEmail: "daniel.kowalski@example.com",
    totalLiked: 9,
    createdAt: "2026-06-11T07:25:00.000Z",
  },

  // Pest Control
  {
    title: "Let ladybugs handle your aphids instead of spraying",
    plantType: "Roses",
    difficulty: "Easy",
    description:
      "A few aphids on rose shoots in spring are food for predators that arrive within days if you leave them alone. Knock heavy colonies off with a strong jet of water rather than spraying insecticide, which also kills ladybugs, lacewings and hoverflies. Ladybug larvae, which look like tiny black and orange alligators, eat even more aphids than the adults, so learn to recognise them. Plant dill, fennel, yarrow and other flat-topped flowers nearby to feed the adult predators.",
    images: "/images/tips/ladybug-leaf.svg",
    category: "Pest Control",
    availability: "Public",
    authorEmail: "maya.okafor@example.com",
    totalLiked: 127,
    createdAt: "2025-05-17T14:39:00.000Z",
  },
  {
    title: "Cut slug damage with evening patrols and beer traps",
    plantType: "Hostas and lettuce",
    difficulty: "Easy",
    description:
      "Slugs feed at night and in damp weather, so a torch-lit walk an hour after dark shows you where the real trouble is and lets you pick them off. Sink beer traps into the soil with the rim about 2 cm above ground, so that helpful ground beetles don't fall in, and empty them every couple of days. Water in the morning rather than the evening so the surface is dry by nightfall. If you use pellets, choose ones based on ferric (iron) phosphate, which are far safer for pets and wildlife than metaldehyde.",
    images: "/images/tips/ladybug-leaf.svg",
    category: "Pest Control",
    availability: "Public",
    authorEmail: "eleanor.whitfield@example.com",
    totalLiked: 83,
    createdAt: "2025-06-24T20:12:00.000Z",
  },
  {
    title: "Break the spider mite life cycle on houseplants",
    plantType: "Houseplants",
    difficulty: "Hard",
    description:
      "Fine pale speckling on leaves and silky webbing underneath usually means spider mites, which thrive in warm, dry indoor air in winter. Isolate the plant, rinse it thoroughly in the shower with attention to the leaf undersides, then spray with insecticidal soap or horticultural oil. Because eggs survive these treatments, repeat every five to seven days for at least three weeks to catch each new generation. Raising the humidity around the plant and wiping the leaves regularly helps stop them coming back.",
    images: "/images/tips/ladybug-leaf.svg",
    category: "Pest Control",
    availability: "Public",
    authorEmail: "grace.liu@example.com",
    totalLiked: 41,
    createdAt: "2026-01-08T17:03:00.000Z",
  },

  // Soil & Composting
  {
    title: "Find out your soil texture with a simple jar test",
    plantType: "All plants",
    difficulty: "Medium",
    description:
      "Fill a straight-sided jar about one third full of soil dug from root depth, picked free of stones and roots, top it up with water and add a teaspoon of powdered dishwasher detergent to help the particles separate. Shake hard for a few minutes and set it down. Sand settles within a minute, silt within a couple of hours, and clay can take a day or more to clear. Measure each layer against the total to estimate percentages: a loam is roughly 40% sand, 40% silt and 20% clay.",
    images: "/images/tips/soil-layers.svg",
    category: "Soil & Composting",
    availability: "Public",
    authorEmail: "rowan.ellis@example.com",
    totalLiked: 68,
    createdAt: "2026-03-18T10:58:00.000Z",
  },
  {
    title: "Test soil pH before you add lime or sulphur",
    plantType: "Vegetables",
    difficulty: "Hard",
    description:
      "Most vegetables grow best at a pH between 6.0 and 7.0, where nutrients are most available, while blueberries need acidic soil around 4.5-5.5. Test first with a kit or a lab analysis rather than guessing: liming a soil that is already alkaline can lock up iron and manganese. Garden lime raises pH and elemental sulphur lowers it, but both work slowly, over months, and clay soils need larger doses than sandy ones. Apply in autumn at the rate your test suggests, and retest the following year before adding more.",
    images: "/images/tips/soil-layers.svg",
    category: "Soil & Composting",
    availability: "Public",
    authorEmail: "daniel.kowalski@example.com",
    totalLiked: 36,
    createdAt: "2025-09-03T15:46:00.000Z",
  },
  {
    title: "Sow a winter cover crop instead of leaving beds bare",
    plantType: "Crimson clover and cereal rye",
    difficulty: "Medium",
    description:
      "Bare soil loses nutrients and structure to winter rain. About four to six weeks before your first frost, sow a mix of cereal rye, whose dense roots hold the soil, and a legume such as crimson clover or winter vetch, which fixes nitrogen. In spring, cut it down before it sets seed, ideally as it starts to flower, and either dig it in or leave it on the surface as mulch. Wait two to three weeks before sowing small seeds, because decomposing rye briefly suppresses germination.",
    images: "/images/tips/mulched-bed.svg",
    category: "Soil & Composting",
    availability: "Public",
    authorEmail: "daniel.kowalski@example.com",
    totalLiked: 44,
    createdAt: "2025-10-14T09:37:00.000Z",
  },

  // Seasonal Care
  {
    title: "Protect tender plants on frosty nights",
    plantType: "Tender vegetables and annuals",
    difficulty: "Easy",
    description:
      "On a clear, still evening when frost is forecast, make sure the soil was watered during the day, as moist soil stores and releases more heat than dry soil. Before sunset, drape horticultural fleece or an old bedsheet over plants, letting it reach the ground so it traps heat rising from the soil, and weigh down the edges. Avoid plastic sheeting that touches the leaves, because the cold passes straight through it. Remove the covers next morning once temperatures rise above freezing so plants don't overheat.",
    images: "/images/tips/mulched-bed.svg",
    category: "Seasonal Care",
    availability: "Public",
    authorEmail: "ingrid.halvorsen@example.com",
    totalLiked: 0,
    createdAt: "2026-10-09T18:44:00.000Z",
  },
  {
    title: "Leave some stems standing in autumn for wildlife",
    plantType: "Perennials and grasses",
    difficulty: "Easy",
    description:
      "A tidy autumn cut-back removes the shelter that beneficial insects need. Leave hollow and pithy stems of plants like echinacea, bee balm and ornamental grasses standing through winter: many insects overwinter in them, and the seed heads feed birds. In spring, cut stems back to varying heights of about 20-40 cm rather than to the ground, so solitary bees can nest in the stubble while fresh growth hides it. Do clear away diseased foliage, such as rose leaves with black spot, to avoid reinfection.",
    images: "/images/tips/autumn-leaves.svg",
    category: "Seasonal Care",
    availability: "Public",
    authorEmail: "rowan.ellis@example.com",
    totalLiked: 78,
    createdAt: "2025-11-18T13:27:00.000Z",
  },
  {
    title: "Ventilate the greenhouse on sunny winter days",
    plantType: "Greenhouse crops",
    difficulty: "Hard",
    description:
      "Even in winter a closed greenhouse can climb well above 25 °C on a sunny afternoon and then fall close to freezing at night, and the resulting condensation is perfect for grey mould (Botrytis). Open a vent or the door for a few hours around midday whenever the sun is out, closing it by mid-afternoon to hold some warmth. Water sparingly and in the morning so leaves and surfaces dry before dark, and pick off dead leaves promptly. A max-min thermometer shows how wide your temperature swings really are.",
    images: "/images/tips/greenhouse.svg",
    category: "Seasonal Care",
    availability: "Private",
    authorEmail: "ingrid.halvorsen@example.com",
    totalLiked: 3,
    createdAt: "2026-02-24T11:51:00.000Z",
  },

  // Other
  {
    title: "Keep a simple garden journal",
    plantType: "All plants",
    difficulty: "Easy",
    description:
      "Memory is unreliable from one season to the next. Note sowing and planting dates, varieties, first and last frosts, which pests showed up and when, and what you harvested; a phone photo of each bed once a month makes a quick visual record.\nAfter two or three years, patterns appear: which tomato varieties did best, when slugs peak, and when to sow so crops miss the worst of the aphids. It also makes crop rotation easy to plan.",
    images: "/images/tips/raised-vegetable-bed.svg",
    category: "Other",
    availability: "Hidden",
    authorEmail: "sofia.marquez@example.com",
    totalLiked: 0,
    createdAt: "2025-12-28T16:19:00.000Z",
  },
  {
    title: "Grow lettuce in a jar with the Kratky hydroponic method",
    plantType: "Lettuce",
    difficulty: "Hard",
    description:
      "The Kratky method needs no pumps: a seedling sits in a net cup of clay pebbles or rockwool in the lid of a jar filled with hydroponic nutrient solution. Mix the nutrients at label strength, aim for a pH of about 5.5-6.5, and start with the solution just touching the bottom of the net cup. Don't top the jar back up to the brim: as the plant drinks, the level drops and leaves an air gap where the upper roots take in oxygen. Wrap or paint clear jars to block light and prevent algae, and a loose-leaf lettuce will be ready in about five to six weeks.",
    images: "/images/tips/hydroponic-jars.svg",
    category: "Other",
    availability: "Public",
    authorEmail: "grace.liu@example.com",
    totalLiked: 95,
    createdAt: "2026-08-04T14:05:00.000Z",
  },
  {
    title: "Save tomato seeds by fermenting them",
    plantType: "Tomato",
    difficulty: "Medium",
    description:
      "Pick a fully ripe fruit from an open-pollinated or heirloom variety, since seeds from F1 hybrids won't come true. Squeeze the seeds and gel into a jar with a splash of water, cover loosely and leave it at room temperature for three to five days until a layer of mould forms; this breaks down the gel coat that inhibits germination. Pour off the floating debris and seeds, rinse the good seeds that sank in a sieve, and spread them on a ceramic plate or coffee filter to dry for a week. Stored in a labelled paper envelope somewhere cool and dry, they stay viable for four years or more.",
    images: "/images/tips/tomato-plant.svg",
    category: "Other",
    availability: "Public",
    authorEmail: "maya.okafor@example.com",
    totalLiked: 74,
    createdAt: "2025-08-16T08:48:00.000Z",
  },
];
