import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoWithTheme, newAccount, test } from "./fixtures.ts";
import { E2E } from "./support/env.ts";

async function shareViaForm(
  page: Page,
  title: string,
  overrides: { description?: string; availability?: string } = {},
) {
  await page.goto("/share-garden-tip");
  await expect(page.getByRole("heading", { name: "Share a Garden Tip" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Plant type").fill("Courgette");
  await page.getByLabel("Difficulty").selectOption("Medium");
  await page.getByLabel("Category").selectOption("Vegetables");
  await page.getByLabel("Availability").selectOption(overrides.availability ?? "Public");
  await page.getByLabel("Image URL").fill(`${E2E.baseURL}/images/tips/raised-vegetable-bed.svg`);
  await page
    .getByLabel("Description")
    .fill(overrides.description ?? "Pick courgettes small and often.\nThe plant keeps producing.");
  await page.getByRole("button", { name: "Share Tip" }).click();
  await expect(page.getByText("Tip submitted successfully!")).toBeVisible();
  await expect(page.getByText("Garden tip added successfully!")).toBeVisible();
}

test("a gardener shares a tip and finds it in Browse Tips and My Tips", async ({
  page,
  login,
  searchWord,
}) => {
  const account = await login(newAccount("sharer"));
  const title = `Courgettes galore ${searchWord}`;
  await shareViaForm(page, title);
  await expect(page.getByLabel("Your name")).toHaveCount(0);

  await page.getByRole("link", { name: "View your tip" }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(account.name);
  await expect(page.getByRole("main")).toContainText(account.email);
  await expect(page.getByText("0 likes")).toBeVisible();
  // Each text once, even the author's own name (the navbar tooltip is only there on hover), and each
  // fact once, labelled.
  for (const text of [title, account.name, account.email, "Courgette", "Vegetables", "Medium", "Public"]) {
    await expect(page.getByText(text, { exact: true })).toHaveCount(1);
  }
  const facts = page.getByRole("definition");
  await expect(facts).toHaveText(["Courgette", "Vegetables", "Medium", "Public"]);

  await page.goto(`/browse-tips?q=${searchWord}`);
  await expect(page.getByRole("table").getByText(title)).toBeVisible();
  await page.goto("/my-tips");
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("Vegetables");
  await expect(row).toContainText("Public");
});

test("the share form checks every field and keeps what was typed", async ({ page, login }) => {
  await login();
  await page.goto("/share-garden-tip");
  await expect(page.getByLabel("Your email")).toHaveAttribute("readonly", "");
  await page.getByLabel("Title").fill("ab");
  await page.getByRole("button", { name: "Share Tip" }).click();
  await expect(page.getByText("Title must be at least 3 characters")).toBeVisible();
  await expect(page.getByText("Plant type is required")).toBeVisible();
  await expect(page.getByText("Description is required")).toBeVisible();
  await expect(page.getByText("Add a photo or its address")).toBeVisible();
  await page.getByLabel("Image URL").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Share Tip" }).click();
  await expect(page.getByText("Enter an http(s) URL")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("ab");
});

test("like, reload, still liked, unlike", async ({ page, login, createTip }) => {
  await login();
  const tip = await createTip({ title: "Likeable peas" });
  await login(newAccount("liker"));
  await page.goto(`/tips/${tip._id}`);
  const button = page.getByRole("button", { name: "Like", exact: true });
  await expect(page.getByText("0 likes")).toBeVisible();
  await button.click();
  await expect(page.getByRole("button", { name: "Liked" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("1 like", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Liked" })).toBeVisible();
  await expect(page.getByText("1 like", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Liked" }).click();
  await expect(page.getByRole("button", { name: "Like", exact: true })).toBeVisible();
  await expect(page.getByText("0 likes")).toBeVisible();
});

test("the keyboard focus stays on Like while the like is saved, and Enter undoes it", async ({
  page,
  login,
  createTip,
}) => {
  await login();
  const tip = await createTip({ title: "Keyboard likes" });
  await login(newAccount("keyboard"));
  await page.goto(`/tips/${tip._id}`);
  const like = page.getByRole("button", { name: "Like", exact: true });
  // The page comes rendered with the tip; its Like button takes the keyboard once the script runs.
  await expect(like).toBeEnabled();
  await like.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("1 like", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Liked" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("0 likes")).toBeVisible();
  await expect(page.getByRole("button", { name: "Like", exact: true })).toBeFocused();
});

test("a like made in one tab shows in another when that tab is looked at again", async ({
  page,
  login,
  createTip,
}) => {
  await login();
  const tip = await createTip({ title: "Two tabs" });
  await login(newAccount("twotabs"));
  await page.goto(`/tips/${tip._id}`);
  await expect(page.getByText("0 likes")).toBeVisible();
  // The first tab has taken over its page (and read the tip) before the other likes it.
  await expect(page.getByRole("button", { name: "Like", exact: true })).toBeEnabled();
  await expect(page.getByText("0 likes")).toBeVisible();
  const other = await page.context().newPage();
  await other.goto(`/tips/${tip._id}`);
  // The count shows at once; the tab is looked at again only once the server has the like.
  const saved = other.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/tips/${tip._id}/like`) && response.request().method() === "POST",
  );
  await other.getByRole("button", { name: "Like", exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(other.getByText("1 like", { exact: true })).toBeVisible();
  // Back to the first tab: the page becomes visible again, as when a person switches tabs.
  await page.bringToFront();
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
  await expect(page.getByText("1 like", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Liked" })).toBeVisible();
  await other.close();
});

test("after sharing, the keyboard focus is on the success message, not lost at the top of the page", async ({
  page,
  login,
  searchWord,
}) => {
  await login();
  await shareViaForm(page, `Focus after sharing ${searchWord}`);
  await expect(page.getByRole("status").filter({ hasText: "Tip submitted successfully!" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "View your tip" })).toBeFocused();
});

test("Update Tip has Cancel, which leaves the tip as it was; Remove photo saves it without one", async ({
  page,
  login,
  createTip,
}) => {
  await login();
  const tip = await createTip({ title: "Cancel or remove" });
  await page.goto(`/update-tip/${tip._id}`);
  await page.getByLabel("Title").fill("Changed my mind");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/my-tips$/);
  expect((await (await page.request.get(`/api/tips/${tip._id}`)).json()).title).toBe(tip.title);

  await page.goto(`/update-tip/${tip._id}`);
  const photo = page.getByRole("group", { name: "Photo" });
  await photo.getByRole("button", { name: "Remove photo" }).click();
  await expect(photo.getByRole("button", { name: "Choose a photo" })).toBeFocused();
  await expect(page.getByLabel("Image URL")).toHaveValue("");
  await page.getByRole("button", { name: "Update Tip" }).click();
  await expect(page.getByText("Tip updated successfully!")).toBeVisible();
  const saved = await (await page.request.get(`/api/tips/${tip._id}`)).json();
  expect(saved.images).toMatch(/\/images\/default-plant\.svg$/);
});

test("an image address with spaces or quotes is refused in the form and by the API, and nothing is saved", async ({
  page,
  login,
  searchWord,
}) => {
  const me = await login();
  await page.goto("/share-garden-tip");
  await page.getByLabel("Title").fill(`Quoted address ${searchWord}`);
  await page.getByLabel("Plant type").fill("Pea");
  await page.getByLabel("Category").selectOption("Vegetables");
  await page.getByLabel("Description").fill("Sow them early and give them a trellis.");
  for (const address of ["https://example.com/my peas.jpg", 'https://example.com/a"onerror="x.jpg']) {
    await page.getByLabel("Image URL").fill(address);
    await page.getByRole("button", { name: "Share Tip" }).click();
    await expect(page.getByText("Enter a web address without spaces, quotes or brackets")).toBeVisible();
  }
  const api = await page.request.post("/api/tips", {
    data: {
      title: `Quoted address ${searchWord}`,
      plantType: "Pea",
      difficulty: "Easy",
      description: "Sow them early and give them a trellis.",
      category: "Vegetables",
      images: "https://example.com/my peas.jpg",
    },
    headers: { Origin: E2E.baseURL },
  });
  expect(api.status()).toBe(400);
  const mine = await (await page.request.get(`/api/tips?email=${encodeURIComponent(me.email)}`)).json();
  expect(mine).toEqual([]);
});

test.describe("when liking fails", () => {
  test.use({ allowConsoleErrors: [/Failed to load resource/] });
  test("the like is rolled back with a message", async ({ page, login, createTip }) => {
    await login();
    const tip = await createTip({ title: "Unlucky peas" });
    await page.goto(`/tips/${tip._id}`);
    await page.route("**/like", (route) => route.fulfill({ status: 503, json: { message: "down" } }));
    await page.getByRole("button", { name: "Like", exact: true }).click();
    await expect(page.getByText(/Your like could not be saved/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Like", exact: true })).toBeVisible();
    await expect(page.getByText("0 likes")).toBeVisible();
  });
});

test("the author updates a tip and is taken to My Tips after 2 seconds", async ({
  page,
  login,
  createTip,
}) => {
  await login();
  const tip = await createTip({ title: "Before edit" });
  await page.goto("/my-tips");
  await page.getByRole("link", { name: `Update ${tip.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/update-tip/${tip._id}$`));
  await expect(page.getByLabel("Title")).toHaveValue(tip.title);
  await page.getByLabel("Title").fill("After edit, now hidden");
  await page.getByLabel("Availability").selectOption("Hidden");
  const saved = page.waitForResponse((response) => response.request().method() === "PUT");
  await page.getByRole("button", { name: "Update Tip" }).click();
  // Counted from the answer, before the checks below take their share of the two seconds.
  expect((await saved).status()).toBe(200);
  const started = Date.now();
  // The toast (its own words, not the previous version's copied share toast) and, in the form's place, a
  // message that does not repeat it.
  await expect(page.getByText("Tip updated successfully!")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Your changes are saved." })).toBeVisible();
  await expect(page).toHaveURL(/\/my-tips$/, { timeout: 5_000 });
  expect(Date.now() - started).toBeGreaterThan(1_000);
  const row = page.getByRole("row", { name: /After edit, now hidden/ });
  await expect(row).toContainText("Hidden");
});

test("deleting asks first: cancel keeps the tip, confirm removes it", async ({ page, login, createTip }) => {
  await login();
  const tip = await createTip({ title: "Doomed tip" });
  await page.goto("/my-tips");
  await page.getByRole("button", { name: `Delete ${tip.title}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Are you sure you want to delete this tip?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("row", { name: new RegExp(tip.title) })).toBeVisible();

  await page.getByRole("button", { name: `Delete ${tip.title}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Deleted Successfully!")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(tip.title) })).toHaveCount(0);
  expect((await page.request.get(`/api/tips/${tip._id}`)).status()).toBe(404);
});

test("the author deletes a tip from its page and lands on My Tips", async ({ page, login, createTip }) => {
  await login();
  const tip = await createTip({ title: "Short-lived tip" });
  await page.goto(`/tips/${tip._id}`);
  await expect(page.getByRole("heading", { name: tip.title, level: 1 })).toBeVisible();
  // After the delete, nothing asks for the deleted tip again (that would answer 404, which the fixture
  // would also catch as a console error) and no "cannot be found" page shows on the way out.
  const detailRequests: string[] = [];
  let deleted = false;
  page.on("request", (request) => {
    if (deleted && request.method() === "GET" && request.url().includes(`/api/tips/${tip._id}`))
      detailRequests.push(request.url());
  });
  page.on("response", (response) => {
    if (response.request().method() === "DELETE") deleted = true;
  });
  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Are you sure you want to delete this tip?");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/my-tips$/);
  await expect(page.getByText("Deleted Successfully!")).toBeVisible();
  await expect(page.getByText("No tips added yet.")).toBeVisible();
  await expect(page.getByText("This tip cannot be found")).toHaveCount(0);
  expect(detailRequests).toEqual([]);
  expect((await page.request.get(`/api/tips/${tip._id}`)).status()).toBe(404);
  // Replaced in the history: Back does not return to the deleted tip's page.
  await page.goBack();
  await expect(page).not.toHaveURL(new RegExp(`/tips/${tip._id}$`));
});

test("My Tips past its last page shows the last page", async ({ page, login, createTip }) => {
  await login();
  const tip = await createTip({ title: "Only tip" });
  await page.goto("/my-tips?page=3");
  await expect(page).toHaveURL(/\/my-tips$/);
  await expect(page.getByRole("row", { name: new RegExp(tip.title) })).toBeVisible();
  await expect(page.getByText("No tips added yet.")).toHaveCount(0);
});

test("a tip without its own picture is edited with an empty image field", async ({
  page,
  login,
  createTip,
}) => {
  await login();
  const tip = await createTip({ title: "No picture", images: null });
  const before = (await (await page.request.get(`/api/tips/${tip._id}`)).json()) as { images: string };
  expect(before.images).toMatch(/\/images\/default-plant\.svg$/);
  await page.goto(`/update-tip/${tip._id}`);
  await expect(page.getByLabel("Title")).toHaveValue(tip.title);
  await expect(page.getByLabel("Image URL")).toHaveValue("");
  await page.getByLabel("Plant type").fill("Sugar snap pea");
  const put = page.waitForRequest((request) => request.method() === "PUT");
  await page.getByRole("button", { name: "Update Tip" }).click();
  // The default picture's URL is not saved as the tip's own image.
  expect((await put).postDataJSON()).toMatchObject({ plantType: "Sugar snap pea", images: null });
  await expect(page.getByText("Tip updated successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/my-tips$/, { timeout: 5_000 });
});

test("a new account sees an empty My Tips", async ({ page, login }) => {
  await login();
  await page.goto("/my-tips");
  await expect(page.getByText("No tips added yet.")).toBeVisible();
});

test("another user cannot reach the update page", async ({ page, login, createTip }) => {
  await login();
  const tip = await createTip({ title: "Not yours" });
  await page.context().clearCookies();
  await login(newAccount("intruder"));
  await page.goto(`/update-tip/${tip._id}`);
  await expect(page.getByRole("heading", { name: "You can only edit your own tips" })).toBeVisible();
  await expect(page).toHaveTitle("You can only edit your own tips - Gardening Community");
  await expect(page.getByLabel("Title")).toHaveCount(0);
  await page.goto(`/tips/${tip._id}`);
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
});

test("text that looks like HTML is shown as text everywhere", async ({
  page,
  login,
  createTip,
  searchWord,
}) => {
  const payload = "<img src=x onerror=alert(1)>";
  let alerted = false;
  page.on("dialog", async (dialog) => {
    alerted = true;
    await dialog.dismiss();
  });
  await login({ ...newAccount("xss"), name: `Eve ${payload}` });
  const tip = await createTip({
    title: `Title ${payload}`,
    plantType: `Plant ${payload}`,
    description: `Description ${payload} with enough words`,
  });
  await page.goto(`/tips/${tip._id}`);
  await expect(page.getByRole("heading", { name: `Title ${payload}` })).toBeVisible();
  await expect(page.getByText(`Plant ${payload}`)).toBeVisible();
  await expect(page.getByText(`Description ${payload} with enough words`)).toBeVisible();
  await expect(page.getByText(`Eve ${payload}`).first()).toBeVisible();
  await page.goto("/my-tips");
  await expect(page.getByText(`Title ${payload}`)).toBeVisible();
  // The search itself carries the markup (and the test's word, so only this test's tip matches).
  await page.goto(`/browse-tips?q=${encodeURIComponent(`${payload} ${searchWord}`)}`);
  await expect(page.getByRole("table").getByText(`Title ${payload}`)).toBeVisible();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(alerted).toBe(false);
});

test.describe("an unknown tip", () => {
  test.use({ allowConsoleErrors: [/status of 404/] });
  test("shows a friendly page", async ({ page, login }) => {
    await login();
    await page.goto("/tips/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "This tip cannot be found" })).toBeVisible();
    await page.goto("/update-tip/not-a-tip");
    await expect(page.getByRole("heading", { name: "This tip cannot be found" })).toBeVisible();
  });
});

// Each page in one theme, the two themes sharing them out (ADR 094): the themes' colours are the same
// tokens on every page, so a page scanned in one theme and its neighbour in the other cover both.
test("tip pages have no WCAG 2.1 A/AA violations (light: share, My Tips, delete dialog)", async ({
  page,
  login,
  createTip,
}) => {
  test.slow();
  await login();
  await createTip({ title: "Accessible tip" });
  await gotoWithTheme(page, "/share-garden-tip", "light");
  await expect(page.getByRole("button", { name: "Share Tip" })).toBeVisible();
  await expectNoA11yViolations(page, "share (light)");
  await page.goto("/my-tips");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await expectNoA11yViolations(page, "my tips (light)");
  await page
    .getByRole("button", { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoA11yViolations(page, "delete dialog (light)");
});

test("tip pages have no WCAG 2.1 A/AA violations (dark: details, update)", async ({
  page,
  login,
  createTip,
}) => {
  await login();
  const tip = await createTip({ title: "Accessible tip" });
  await gotoWithTheme(page, `/tips/${tip._id}`, "dark");
  await expect(page.getByRole("button", { name: "Like", exact: true })).toBeVisible();
  await expectNoA11yViolations(page, "details (dark)");
  await page.goto(`/update-tip/${tip._id}`);
  await expect(page.getByRole("button", { name: "Update Tip" })).toBeVisible();
  await expectNoA11yViolations(page, "update (dark)");
});

test("the share form's category starts on a Select prompt and must be chosen", async ({ page, login }) => {
  await login();
  await page.goto("/share-garden-tip");
  const category = page.getByLabel("Category");
  await expect(category).toHaveValue("");
  await expect(category.locator("option").first()).toHaveText("Select");
  await page.getByRole("button", { name: "Share Tip" }).click();
  await expect(page.getByText("Choose a category")).toBeVisible();
});

test("a 120-character unbroken title leaves My Tips' actions in reach, on a desktop and on a phone", async ({
  page,
  login,
  createTip,
}) => {
  await login();
  const tip = await createTip({ title: "Abcdefghij".repeat(10) });
  expect(tip.title.length).toBeGreaterThan(100);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/my-tips");
    await expect(page.getByRole("button", { name: `Delete ${tip.title}` })).toBeInViewport();
    await expect(page.getByRole("link", { name: `Update ${tip.title}` })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test("a right-to-left title is laid out right to left wherever it shows", async ({
  page,
  login,
  createTip,
}) => {
  await login();
  const tip = await createTip({ title: "ري النباتات في الصباح الباكر" });
  await page.goto(`/tips/${tip._id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("dir", "auto");
  expect(await page.getByRole("heading", { level: 1 }).evaluate((h) => getComputedStyle(h).direction)).toBe(
    "rtl",
  );
  await page.goto("/my-tips");
  const link = page.getByRole("link", { name: tip.title, exact: true });
  expect(await link.evaluate((a) => getComputedStyle(a).direction)).toBe("rtl");
});

test.describe("offline", () => {
  test.use({ allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/] });

  test("a share says the server cannot be reached and keeps the form; a like is taken back", async ({
    page,
    context,
    login,
    createTip,
    searchWord,
  }) => {
    await login();
    const tip = await createTip();
    await page.goto(`/tips/${tip._id}`);
    await expect(page.getByText("0 likes")).toBeVisible();
    // The connection goes once the page's script has taken over (the tip itself came with the page).
    await expect(page.getByRole("button", { name: "Like" })).toBeEnabled();
    await context.setOffline(true);
    await page.getByRole("button", { name: "Like" }).click();
    await expect(page.getByText(/Your like could not be saved: We could not reach the server/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Like" })).toBeEnabled();
    await expect(page.getByText("0 likes")).toBeVisible();
    await context.setOffline(false);

    await page.goto("/share-garden-tip");
    await page.getByLabel("Title").fill(`Offline tip ${searchWord}`);
    await page.getByLabel("Plant type").fill("Chard");
    await page.getByLabel("Category").selectOption("Vegetables");
    await page.getByLabel("Image URL").fill("https://example.com/chard.jpg");
    await page.getByLabel("Description").fill("Cut the outer leaves and the plant keeps going.");
    await context.setOffline(true);
    await page.getByRole("button", { name: "Share Tip" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "We could not reach the server" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Share Tip" })).toBeEnabled();
    await expect(page.getByLabel("Title")).toHaveValue(`Offline tip ${searchWord}`);
    await context.setOffline(false);
    await page.getByRole("button", { name: "Share Tip" }).click();
    await expect(page.getByText("Tip submitted successfully!")).toBeVisible();
  });

  test("a like that fails after the signal went before the toasts' code came still says so", async ({
    page,
    context,
    login,
    createTip,
  }) => {
    await login();
    const tip = await createTip();
    // The toasts' code (sonner) never arrives, as on a phone that lost its signal just after the page.
    await page.route("**/assets/*.js", async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes("data-sonner-toaster")) return route.abort("internetdisconnected");
      return route.fulfill({ response });
    });
    await page.goto(`/tips/${tip._id}`);
    await expect(page.getByRole("button", { name: "Like" })).toBeEnabled();
    await context.setOffline(true);
    await page.getByRole("button", { name: "Like" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Your like could not be saved" });
    await expect(alert).toContainText("We could not reach the server");
    await expect(page.getByText("0 likes")).toBeVisible();
    await expectNoA11yViolations(page, "the tip's page with the message");
    await alert.getByRole("button", { name: "Close" }).click();
    await expect(alert).toHaveCount(0);
  });
});
