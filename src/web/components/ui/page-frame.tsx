import type { ReactNode } from "react";

/**
 * The site's one horizontal frame: the header, the footer, the home sections and every ordinary page
 * share its width, padding and so its left edge.
 */
export const FRAME = "mx-auto w-full max-w-7xl px-4";

/** How wide a page's content runs inside the frame. */
const MEASURES = {
  /** Tables, grids and lists: the whole frame. */
  wide: "",
  /** Forms and long text: a line length that stays readable. */
  text: "max-w-3xl",
  /** A short form (the profile). */
  narrow: "max-w-xl",
} as const;

/**
 * An ordinary page's container: the frame, with room above and below. A narrower `measure` keeps the
 * content on the frame's left edge, so the heading starts at the same x on every page, whatever it holds.
 */
export function PageFrame({
  as: Element = "section",
  measure = "wide",
  children,
}: {
  as?: "section" | "article";
  measure?: keyof typeof MEASURES;
  children: ReactNode;
}) {
  return (
    <Element className={`${FRAME} py-10`}>
      {measure === "wide" ? children : <div className={MEASURES[measure]}>{children}</div>}
    </Element>
  );
}
