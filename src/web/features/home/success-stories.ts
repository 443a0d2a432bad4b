/** One of the home page's static before-and-after stories (spec: name, beforeImage, afterImage, story, tip). */
export type SuccessStory = {
  id: string;
  name: string;
  /** What was transformed, shown under the name. */
  headline: string;
  beforeImage: string;
  /** Alt text says what the picture shows, so the change is clear without seeing it. */
  beforeAlt: string;
  afterImage: string;
  afterAlt: string;
  story: string;
  tip: string;
};

// Shipped SVG illustrations (public/images/stories, 800 × 600): nothing is fetched from the internet.
export const SUCCESS_STORIES: readonly SuccessStory[] = [
  {
    id: "backyard-vegetables",
    name: "Priya Raman",
    headline: "From a bare backyard to a vegetable garden",
    beforeImage: "/images/stories/1-before.svg",
    beforeAlt:
      "Priya's backyard before: packed dry soil with patches of sparse grass, an old tree stump and an empty bucket by a wooden fence.",
    afterImage: "/images/stories/1-after.svg",
    afterAlt:
      "Priya's backyard after: raised beds of lettuce, tomato plants and climbing beans on a frame, sunflowers along the fence and a stepping-stone path on green lawn.",
    story:
      "When we moved in, the yard was compacted clay that nothing wanted to grow in. I built two raised beds from reclaimed boards, filled them with compost and started with lettuce and tomatoes. Two seasons later we pick salad most evenings from May to October and give away bags of tomatoes every August.",
    tip: "Start with one or two raised beds you can keep up with. A small bed you tend every day beats a big one you abandon in July.",
  },
  {
    id: "balcony-herbs",
    name: "Daniel Kowalski",
    headline: "From an empty balcony to a container herb garden",
    beforeImage: "/images/stories/2-before.svg",
    beforeAlt:
      "Daniel's city balcony before: a bare concrete floor behind a metal railing, with one pot holding a dried-out plant and apartment blocks in the background.",
    afterImage: "/images/stories/2-after.svg",
    afterAlt:
      "Daniel's balcony after: a wooden deck floor, a long planter of bushy herbs and lavender along the railing, trailing plants, a hanging planter and string lights overhead.",
    story:
      "My third-floor balcony gets about five hours of sun and a lot of wind. I hung a long planter on the railing and grow basil, thyme, parsley, mint and lavender in containers. I have not bought a supermarket bunch of herbs in two years, and the bees found the lavender within a week.",
    tip: "Grow mint in its own pot, and check containers with your finger every evening in summer: wind dries them out much faster than a garden bed.",
  },
  {
    id: "vacant-lot-community-garden",
    name: "Rosa Delgado",
    headline: "From a vacant lot to a community garden",
    beforeImage: "/images/stories/3-before.svg",
    beforeAlt:
      "The vacant lot before: bare trampled ground with rubble, loose bricks, an old tyre and a bag of rubbish behind a chain-link fence, between apartment buildings.",
    afterImage: "/images/stories/3-after.svg",
    afterAlt:
      "The same lot after: rows of planted raised beds with paths between them, sunflowers, a small green tool shed, compost bins and colourful bunting strung between the buildings.",
    story:
      "The lot on our street had been empty for eight years. Twelve neighbours asked the city for a lease, cleared the rubbish over three weekends and had the soil tested before building raised beds on top. Today thirty households share the plots, the compost bins and a tool shed, and we hold a harvest supper every September.",
    tip: "Test the soil of any city lot before you grow food in it, and build raised beds with fresh soil if it shows lead or other contaminants.",
  },
];
