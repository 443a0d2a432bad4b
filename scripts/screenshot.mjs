// Development aid: node scripts/screenshot.mjs <url> <out.png> [width] [theme] — a full-page screenshot.
import { chromium } from "@playwright/test";

const [url, out, width = "1280", theme = "light", full = "full"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
page.on("console", (msg) => msg.type() === "error" && console.error("console:", msg.text()));
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: full === "full" });
await browser.close();
