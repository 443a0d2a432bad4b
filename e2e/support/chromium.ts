import { existsSync } from "node:fs";

/** The flags headless Chromium needs on our machines (no sandbox as root, no network but loopback). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The Chromium to drive: CHROME_PATH (npm test sets it to the one it found), else Debian's headless shell
 * (lighter: ADR 047), else Debian's browser, else undefined for Playwright's own build.
 */
export function chromiumPath(): string | undefined {
  return (
    process.env.CHROME_PATH ||
    ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => existsSync(file))
  );
}
