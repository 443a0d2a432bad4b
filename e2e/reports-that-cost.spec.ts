import type { Browser, Page } from "@playwright/test";
import {
  expect,
  expectNoA11yViolations,
  gotoWithTheme,
  keepScreenshot,
  newAccount,
  type Theme,
  test,
} from "./fixtures.ts";
import { E2E } from "./support/env.ts";
import { ESTABLISHED } from "./support/established.ts";
import { verifyEmail } from "./support/mail.ts";

// Reports that cost something, in the browser: established members' reports still hold a new spammer,
// and free accounts from one address hide nothing. Each member browses from an address of their own (the
// e2e server trusts one proxy, as the site behind one does); the established members were written into
// the database before the server started (support/established.ts).

const ORIGIN = { Origin: E2E.baseURL };

async function browsing(browser: Browser, address: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": address } });
  return { context, page: await context.newPage() };
}

/** A new member, signed up and verified from `address`. */
async function newMember(browser: Browser, prefix: string, address: string) {
  const { context, page } = await browsing(browser, address);
  const account = newAccount(prefix);
  const res = await page.request.post("/api/auth/sign-up/email", { data: account, headers: ORIGIN });
  expect(res.status(), await res.text()).toBe(200);
  await verifyEmail(page, account.email);
  return { context, page, account };
}

/** One of the members who have been here forty days, signed in from their own address. */
async function established(browser: Browser, n: number) {
  const member = ESTABLISHED[n];
  if (!member) throw new Error(`No established member ${n}`);
  const { context, page } = await browsing(browser, member.address);
  const res = await page.request.post("/api/auth/sign-in/email", {
    data: { email: member.email, password: member.password },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
  return { context, page, member };
}

async function administrator(browser: Browser, key: string) {
  const email = `admin.${key}@garden.test`;
  const { context, page } = await browsing(browser, "192.0.2.200");
  const account = { ...newAccount("admin"), email };
  const res = await page.request.post("/api/auth/sign-up/email", { data: account, headers: ORIGIN });
  expect(res.status(), await res.text()).toBe(200);
  await verifyEmail(page, email);
  await expect
    .poll(async () => (await (await page.request.get("/api/auth/get-session")).json())?.user?.role)
    .toBe("administrator");
  return { context, page, account };
}

async function postTip(page: Page, title: string) {
  const res = await page.request.post("/api/tips", {
    data: {
      title,
      plantType: "Tomato",
      difficulty: "Easy",
      description: "Cheap seeds and fertiliser at a shop nobody has heard of, best prices today.",
      category: "Vegetables",
    },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string; title: string; authorHandle: string };
}

async function reportTip(page: Page, tipId: string, reason = "spam") {
  const res = await page.request.post("/api/reports", {
    data: { targetType: "tip", targetId: tipId, reason, note: "An advert" },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Whether a visitor (signed in nowhere) reads the tip, or what they are told instead. */
async function visitorReads(browser: Browser, tipId: string) {
  const visitor = await browser.newContext();
  try {
    const res = await visitor.request.get(`/api/tips/${tipId}`);
    return res.status() === 200 ? "shown" : ((await res.json()) as { message: string }).message;
  } finally {
    await visitor.close();
  }
}

/** The queue's card, checked with axe at both widths in both themes; a screenshot of each. */
async function queueIsAccessible(page: Page, name: string, label: string) {
  for (const theme of ["light", "dark"] as Theme[])
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoWithTheme(page, "/moderation", theme);
      await expect(page.getByRole("article", { name }).first()).toBeVisible();
      await expectNoA11yViolations(page, `the queue, ${label} (${theme}, ${width})`);
      await keepScreenshot(page, `test-results/${label}-${theme}-${width}.png`);
    }
}

async function decide(card: ReturnType<Page["getByRole"]>, action: string, reason: string) {
  const form = card.getByRole("form");
  await form.getByRole("combobox", { name: "Action" }).selectOption(action);
  await form.getByRole("textbox", { name: "Reason (the author is told it)" }).fill(reason);
  await form.getByRole("button", { name: "Decide" }).click();
  await expect(card).toBeHidden();
}

test.describe("reports that cost something", () => {
  test("three established members hold a new spammer; deleting one advert ends the hold for the rest", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const spammer = await newMember(browser, "spammer", "203.0.113.20");
    const advert = await postTip(spammer.page, "Cheap seeds, best prices");
    const other = await postTip(spammer.page, "Fertiliser sale, today only");
    const [olive, basil, rowan] = [
      await established(browser, 0),
      await established(browser, 1),
      await established(browser, 2),
    ];

    // Olive reports through the tip's page, as a member does; the others as quickly by the API.
    await olive.page.goto(`/tips/${advert._id}`);
    await olive.page.getByRole("button", { name: `Report tip “${advert.title}”` }).click();
    const dialog = olive.page.getByRole("dialog", { name: `Report tip “${advert.title}”` });
    await dialog.getByRole("combobox", { name: "Reason" }).selectOption("spam");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(olive.page.getByText("Thank you: the moderators will look at it")).toBeVisible();
    await reportTip(basil.page, advert._id);
    await reportTip(rowan.page, other._id);

    // Two established members hide the advert; spam reports from three hold the new account.
    expect(await visitorReads(browser, advert._id)).toBe("Hidden pending review");
    expect(await visitorReads(browser, other._id)).toBe("Hidden pending review");
    await spammer.page.goto("/");
    await expect(
      spammer.page.getByRole("status").filter({ hasText: /Your account is on hold/ }),
    ).toBeVisible();
    const refused = await spammer.page.request.post("/api/tips", {
      data: {
        title: "More",
        plantType: "Kale",
        difficulty: "Easy",
        description: "More adverts here.",
        category: "Vegetables",
      },
      headers: ORIGIN,
    });
    expect(refused.status()).toBe(403);

    const admin = await administrator(browser, "established-1");
    await admin.page.goto("/moderation");
    const card = admin.page.getByRole("article", { name: `Tip by ${spammer.account.name}` }).filter({
      hasText: advert.title,
    });
    await expect(card).toContainText("2 reports");
    await expect(card.getByText("Member for 40 days")).toHaveCount(2);
    await expect(card.getByText("Counts (established member)")).toHaveCount(2);
    await expect(card).toContainText("account is on hold because of reports");
    await queueIsAccessible(admin.page, `Tip by ${spammer.account.name}`, "established-reporters");

    await admin.page.setViewportSize({ width: 1280, height: 900 });
    await admin.page.goto("/moderation");
    await decide(
      admin.page
        .getByRole("article", { name: `Tip by ${spammer.account.name}` })
        .filter({ hasText: advert.title }),
      "Delete it",
      "An advert for a shop",
    );
    // The advert is gone; the hold ends, so the other tip shows again while its own case waits.
    expect(await visitorReads(browser, advert._id)).toBe("Tip not found");
    expect(await visitorReads(browser, other._id)).toBe("shown");
    await spammer.page.goto("/");
    await expect(spammer.page.getByRole("status").filter({ hasText: /Your account is on hold/ })).toHaveCount(
      0,
    );
    await expect(
      admin.page
        .getByRole("article", { name: `Tip by ${spammer.account.name}` })
        .filter({ hasText: other.title }),
    ).toBeVisible();
    for (const context of [spammer, olive, basil, rowan, admin].map((m) => m.context)) await context.close();
  });

  test("five new accounts from one address hide nothing of an established member's; dismissed, their record shows it", async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const hazel = await established(browser, 3);
    const tips = (await (
      await hazel.page.request.get(`/api/tips?email=${encodeURIComponent(hazel.member.email)}&limit=5`)
    ).json()) as Array<{ _id: string; title: string }>;
    const [target, second] = tips;
    if (!target || !second) throw new Error("The established member has no tips");

    const crowd = [];
    for (let n = 0; n < 5; n++) crowd.push(await newMember(browser, "crowd", "203.0.113.77"));
    for (const account of crowd) await reportTip(account.page, target._id);

    expect(await visitorReads(browser, target._id)).toBe("shown");
    await hazel.page.goto("/");
    await expect(hazel.page.getByRole("status").filter({ hasText: /Your account is on hold/ })).toHaveCount(
      0,
    );

    const admin = await administrator(browser, "established-2");
    await admin.page.goto("/moderation");
    const name = `Tip by ${hazel.member.name}`;
    const card = admin.page.getByRole("article", { name }).filter({ hasText: target.title });
    await expect(card).toContainText("5 reports");
    await expect(card.getByText("Joined today")).toHaveCount(5);
    await expect(card.getByText("Counts for nothing")).toHaveCount(5);
    await expect(card.getByText("Shares an address with another reporter")).toHaveCount(5);
    await queueIsAccessible(admin.page, name, "new-reporters");

    await admin.page.setViewportSize({ width: 390, height: 900 });
    await admin.page.goto("/moderation");
    await decide(
      admin.page.getByRole("article", { name }).filter({ hasText: target.title }),
      "Dismiss: show it again",
      "A fair tip; the reports came from one address",
    );
    expect(await visitorReads(browser, target._id)).toBe("shown");

    // The next report from one of them comes with its record: one dismissed.
    await reportTip(crowd[0]?.page ?? hazel.page, second._id);
    await admin.page.goto("/moderation");
    const next = admin.page.getByRole("article", { name }).filter({ hasText: second.title });
    await expect(next).toContainText("0 upheld, 1 dismissed before");
    await expect(next.getByText("Counts for nothing")).toBeVisible();
    for (const context of [hazel, admin, ...crowd].map((m) => m.context)) await context.close();
  });
});
