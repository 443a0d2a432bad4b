import { paths } from "#web/config/paths.ts";

export interface BannerSlide {
  id: number;
  title: string;
  description: string;
  image: string;
  /** A short description of the picture behind the slide's text. */
  imageAlt: string;
  buttonText: string;
  /**
   * Read after `buttonText` by screen readers only, where the words alone would say nothing out of
   * context ("Learn More": Lighthouse's link-text check), without repeating the slide's title.
   */
  buttonContext?: string;
  /** Every banner button leads somewhere (the previous version's did nothing). */
  href: string;
}

export const BANNER_SLIDES: BannerSlide[] = [
  {
    id: 1,
    title: "Spring Planting Workshop",
    description:
      "Learn how to start seeds, harden off seedlings and plan a bed that feeds you all summer, with hands-on help from experienced growers.",
    image: "/images/banner/spring-planting-workshop.svg",
    imageAlt: "A blossoming tree beside a raised bed of seedlings and a trowel",
    buttonText: "Register Now",
    href: paths.auth.signup.getHref(),
  },
  {
    id: 2,
    title: "Community Garden Day",
    description:
      "Neighbours, raised beds and a shared harvest: discover what fellow gardeners grow and the tips that made it work.",
    image: "/images/banner/community-garden-day.svg",
    imageAlt: "Bunting over vegetable beds, sunflowers and a red barn",
    buttonText: "Learn More",
    buttonContext: "about the community's gardening tips",
    href: paths.browseTips.getHref(),
  },
  {
    id: 3,
    title: "Hydroponics Workshop",
    description:
      "Grow crisp greens without soil: nutrient solutions, light and simple jar systems you can build on a windowsill.",
    image: "/images/banner/hydroponics-workshop.svg",
    imageAlt: "Lettuces growing in a lit hydroponic rack beside a jar seedling",
    buttonText: "Join Event",
    href: "#events",
  },
];

/** The specification's carousel constants. */
export const CAROUSEL = { autoplayMs: 5000, spaceBetween: 30, typeMs: 70, minHeight: 500 } as const;
