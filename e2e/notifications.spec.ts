import type { Page } from "@playwright/test";
import {
  anotherMember,
  expect,
  expectNoA11yViolations,
  gotoWithTheme,
  keepScreenshot,
  test,
} from "./fixtures.ts";
import { E2E } from "./support/env.ts";
import { verifyEmail } from "./support/mail.ts";

/** Opens `url` in another member's page and waits until its script has taken over. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

const headers = { Origin: E2E.baseURL };

/** A member's handle, asked with their own session. */
async function handleOf(member: { page: Page }) {
  const profile = await member.page.request.get("/api/profile");
  return ((await profile.json()) as { handle: string }).handle;
}

/** `page`'s member follows `member`: what they do is then not from a new member to them. */
async function follow(page: Page, member: { page: Page }) {
  const res = await page.request.put(`/api/gardeners/${await handleOf(member)}/follow`, { headers });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe("notifications", () => {
  test("a follower hears of a new tip; likes group; new members' apart; opening one marks it read", async ({
    page,
    browser,
    login,
    createTip,
  }) => {
    const rosa = await login();
    // Rosa replies to a comment later, which a member does once her address is confirmed.
    await verifyEmail(page, rosa.email);
    const first = await createTip({ title: "Before anyone followed" });
    const handle = first.authorHandle ?? "";

    // Ben follows Rosa, who then shares a tip: Ben's bell counts it.
    const ben = await anotherMember(browser, "ben", { verified: true });
    expect((await ben.page.request.put(`/api/gardeners/${handle}/follow`, { headers })).status()).toBe(200);
    const tip = await createTip({ title: "Sow broad beans now" });
    await open(ben.page, "/browse-tips");
    const bell = ben.page.getByRole("banner").getByRole("link", { name: "Notifications (1 unread)" });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(ben.page).toHaveURL("/notifications");
    await expect(
      ben.page.getByRole("link", { name: new RegExp(`^Unread: ${rosa.name} shared “Sow broad beans now`) }),
    ).toBeVisible();

    // Ben comments and likes; Cai and Dee, whom Rosa follows too, like; Eve, a new member she does not
    // follow, likes: Rosa has a comment and one group of three likes, and Eve's like apart.
    await follow(page, ben);
    const comment = await ben.page.request.post(`/api/tips/${tip._id}/comments`, {
      headers,
      data: { body: "Which variety?" },
    });
    expect(comment.status()).toBe(201);
    expect((await ben.page.request.post(`/api/tips/${tip._id}/like`, { headers })).status()).toBe(200);
    for (const name of ["cai", "dee", "eve"]) {
      const liker = await anotherMember(browser, name);
      if (name !== "eve") await follow(page, liker);
      expect((await liker.page.request.post(`/api/tips/${tip._id}/like`, { headers })).status()).toBe(200);
      await liker.context.close();
    }
    await page.goto("/notifications");
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Notifications (2 unread)" }),
    ).toBeVisible();
    // Live: a reply to Ben's comment reaches Ben's bell where he is, without a reload.
    await open(ben.page, "/browse-tips");
    const benBell = ben.page.getByRole("banner").getByRole("link", { name: /^Notifications/ });
    // Rosa's tip, still unread, and her follow.
    await expect(benBell).toHaveAccessibleName("Notifications (2 unread)");
    const benComment = (await comment.json()) as { _id: string };
    const reply = await page.request.post(`/api/tips/${tip._id}/comments`, {
      headers,
      data: { body: "The long-pod ones", replyTo: benComment._id },
    });
    expect(reply.status(), await reply.text()).toBe(201);
    await expect(benBell).toHaveAccessibleName("Notifications (3 unread)");
    await expect(page.getByRole("link", { name: /and 2 others liked “Sow broad beans now/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /commented on “Sow broad beans now/ })).toContainText(
      "Which variety?",
    );
    // Ben followed her before she followed him: that, and Eve's like, are from new members.
    await page.getByRole("button", { name: "From new members (2)" }).click();
    await expect(page.getByRole("link", { name: /started following you/ })).toBeVisible();
    await expect(
      page.getByRole("link", { name: /^Unread: Test eve .* liked “Sow broad beans now/ }),
    ).toBeVisible();
    await page.getByRole("button", { name: "All" }).click();

    // Opening the comment marks it read and leads to it on the tip's page.
    await page.getByRole("link", { name: /commented on/ }).click();
    await expect(page).toHaveURL(new RegExp(`/tips/${tip._id}#comment-`));
    await expect(page.getByRole("article", { name: `Comment by ${ben.account.name}` })).toBeFocused();
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Notifications (1 unread)" }),
    ).toBeVisible();

    // Mark all read in a second tab clears the bell in both, the first without a reload.
    const second = await page.context().newPage();
    await open(second, "/notifications");
    await second.getByRole("button", { name: "Mark all read" }).click();
    for (const tab of [second, page])
      await expect(
        tab.getByRole("banner").getByRole("link", { name: /^Notifications/ }),
      ).toHaveAccessibleName("Notifications");
    await expect(second.getByText(/^Unread: /)).toHaveCount(0);
    await second.close();
    await ben.context.close();
  });

  test("a muted tip and a kind turned off tell nothing, and the bell stays quiet", async ({
    page,
    browser,
    login,
    createTip,
  }, testInfo) => {
    await login();
    const tip = await createTip({ title: "Too popular" });
    const fan = await anotherMember(browser, "fan", { verified: true });
    await follow(page, fan);

    // Likes off in the site, from the profile.
    await page.goto("/profile");
    const inSite = page.getByRole("group", { name: "In the site" });
    const likes = inSite.getByRole("checkbox", { name: "Likes on my tips" });
    await likes.click();
    await expect(likes).not.toBeChecked();
    await expect
      .poll(async () => (await (await page.request.get("/api/settings")).json()).mutedKinds)
      .toEqual(["like"]);
    // The tip muted from its page.
    await page.goto(`/tips/${tip._id}`);
    await page.getByRole("button", { name: "Mute" }).click();
    await expect(page.getByRole("button", { name: "Unmute" })).toBeVisible();
    await keepScreenshot(page, testInfo.outputPath("muted-tip.png"));

    expect((await fan.page.request.post(`/api/tips/${tip._id}/like`, { headers })).status()).toBe(200);
    const comment = await fan.page.request.post(`/api/tips/${tip._id}/comments`, {
      headers,
      data: { body: "Nobody hears this" },
    });
    expect(comment.status()).toBe(201);
    const followed = await fan.page.request.put(`/api/gardeners/${tip.authorHandle}/follow`, { headers });
    expect(followed.status()).toBe(200);
    await fan.context.close();
    await page.goto("/notifications");
    // Only the follow came: the like is a kind turned off, the comment on a muted tip.
    await expect(page.getByRole("link", { name: /started following you/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /liked|commented/ })).toHaveCount(0);
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Notifications (1 unread)" }),
    ).toBeVisible();
  });

  test("a muted thread tells nothing of its replies; unmuted, the next reply comes", async ({
    page,
    browser,
    login,
    createTip,
  }) => {
    const rosa = await login();
    await verifyEmail(page, rosa.email);
    const tip = await createTip({ title: "Thin the carrots" });
    const ben = await anotherMember(browser, "ben", { verified: true });
    // Ben follows Rosa: her replies are then not a new member's, which wait apart from the bell.
    const followed = await ben.page.request.put(`/api/gardeners/${tip.authorHandle}/follow`, { headers });
    expect(followed.status()).toBe(200);
    const asked = await ben.page.request.post(`/api/tips/${tip._id}/comments`, {
      headers,
      data: { body: "How far apart?" },
    });
    expect(asked.status()).toBe(201);
    const question = (await asked.json()) as { _id: string };
    const reply = async (body: string) => {
      const res = await page.request.post(`/api/tips/${tip._id}/comments`, {
        headers,
        data: { body, replyTo: question._id },
      });
      expect(res.status(), await res.text()).toBe(201);
    };

    // Ben mutes his thread from the tip's page, under its first comment.
    await open(ben.page, `/tips/${tip._id}`);
    const benBell = ben.page.getByRole("banner").getByRole("link", { name: /^Notifications/ });
    await expect(benBell).toHaveAccessibleName("Notifications");
    const mute = ben.page.getByRole("button", { name: `Mute thread of ${ben.account.name}'s comment` });
    await mute.click();
    const unmute = ben.page.getByRole("button", { name: `Unmute thread of ${ben.account.name}'s comment` });
    await expect(unmute).toBeVisible();
    await reply("Two fingers apart");
    // The reply shows in the thread once the page looks again, and the bell has said nothing.
    await open(ben.page, `/tips/${tip._id}`);
    await expect(ben.page.getByText("Two fingers apart")).toBeVisible();
    await expect(benBell).toHaveAccessibleName("Notifications");

    // Unmuted, the next reply reaches his bell where he is, without a reload.
    await unmute.click();
    await expect(mute).toBeVisible();
    await reply("Then thin again in June");
    await expect(benBell).toHaveAccessibleName("Notifications (1 unread)");
    await benBell.click();
    await expect(ben.page.getByRole("link", { name: /replied/ })).toHaveCount(1);
    await expect(ben.page.getByRole("link", { name: /replied/ })).toContainText("Then thin again in June");
    await ben.context.close();
  });

  // Each theme once and each width once (ADR 092): colours do not change with the width, nor layout with the theme.
  for (const [theme, width] of [
    ["dark", 1280],
    ["light", 390],
  ] as const)
    test(`the bell and the notifications page at ${width} px in the ${theme} theme`, async ({
      page,
      browser,
      login,
      createTip,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await login();
      const tip = await createTip({ title: "Stake the dahlias" });
      const fan = await anotherMember(browser, "fan");
      await follow(page, fan);
      expect((await fan.page.request.post(`/api/tips/${tip._id}/like`, { headers })).status()).toBe(200);
      expect(
        (await fan.page.request.put(`/api/gardeners/${tip.authorHandle}/follow`, { headers })).status(),
      ).toBe(200);
      await fan.context.close();

      await gotoWithTheme(page, "/notifications", theme);
      await expect(
        page.getByRole("banner").getByRole("link", { name: "Notifications (2 unread)" }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: /liked “Stake the dahlias/ })).toBeVisible();
      await expect(page.getByRole("link", { name: /started following you/ })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoA11yViolations(page, `notifications (${theme}, ${width})`);
      await keepScreenshot(page, testInfo.outputPath(`notifications-${theme}-${width}.png`));
    });
});
