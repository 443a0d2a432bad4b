import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/**
 * The WCAG contrast of the site's own colours, read from the daisyUI themes in styles.css: what a text
 * class such as `text-base-content/75` gives on the theme's surfaces, for tests in jsdom (which draws
 * nothing). Colours are oklch(L% C H), as styles.css writes them; an opacity is blended in sRGB, as
 * browsers draw it.
 */
type Theme = "light" | "dark";

const css = readFileSync(resolve(process.cwd(), "src/web/styles.css"), "utf8");

/** `--color-<name>` of `theme`, as linear sRGB. */
function themeColor(theme: Theme, name: string): number[] {
  const block = css.split('@plugin "daisyui/theme"').find((part) => part.includes(`name: "${theme}"`)) ?? "";
  const match = block.match(
    new RegExp(`--color-${name}:\\s*oklch\\(([\\d.]+)%\\s+([\\d.]+)\\s+([\\d.]+)\\)`),
  );
  if (!match) throw new Error(`No --color-${name} in the ${theme} theme of styles.css`);
  const [l, c, h] = [Number(match[1]) / 100, Number(match[2]), (Number(match[3]) * Math.PI) / 180];
  const [a, b] = [c * Math.cos(h), c * Math.sin(h)];
  const lms = [
    (l + 0.3963377774 * a + 0.2158037573 * b) ** 3,
    (l - 0.1055613458 * a - 0.0638541728 * b) ** 3,
    (l - 0.0894841775 * a - 1.291485548 * b) ** 3,
  ] as [number, number, number];
  return [
    4.0767416621 * lms[0] - 3.3077115913 * lms[1] + 0.2309699292 * lms[2],
    -1.2684380046 * lms[0] + 2.6097574011 * lms[1] - 0.3413193965 * lms[2],
    -0.0041960863 * lms[0] - 0.7034186147 * lms[1] + 1.707614701 * lms[2],
  ].map((value) => Math.min(1, Math.max(0, value)));
}

const encode = (v: number) => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
const decode = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const luminance = (rgb: number[]) => 0.2126 * (rgb[0] ?? 0) + 0.7152 * (rgb[1] ?? 0) + 0.0722 * (rgb[2] ?? 0);

/**
 * The contrast of an element's `text-<colour>/<opacity>` class on the theme's `surface` (base-100 by
 * default): the text colour blended over the surface at that opacity.
 */
export function textContrast(element: Element, theme: Theme, surface = "base-100"): number {
  const match = element.className.match(/(?:^|\s)text-([a-z-]+?)(?:\/(\d+))?(?:\s|$)/);
  if (!match?.[1]) throw new Error(`No text colour class on <${element.tagName.toLowerCase()}>`);
  const alpha = match[2] ? Number(match[2]) / 100 : 1;
  const text = themeColor(theme, match[1]);
  const under = themeColor(theme, surface);
  const drawn = text.map((value, i) => decode(encode(value) * alpha + encode(under[i] ?? 0) * (1 - alpha)));
  const [light, dark] = [luminance(drawn), luminance(under)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
