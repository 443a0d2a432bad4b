import { expect, expectNoA11yViolations, gotoWithTheme, newAccount, test, uniqueWord } from "./fixtures.ts";
import { E2E } from "./support/env.ts";
import { findLink, findVerificationLink } from "./support/mail.ts";

const nav = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Main" });

test("logging out on a protected page lands on the home page, signed out", async ({ page, login }) => {
  await page.goto("/");
  await login();
  await page.goto("/my-tips");
  await expect(page.getByRole("heading", { name: "My Tips" })).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
});

test.describe("sign-up, logout and login", () => {
  test("a visitor signs up, logs out and logs in again", async ({ page }) => {
    const account = newAccount("journey");
    await page.goto("/auth/signup");
    await expect(page.getByRole("heading", { name: "Create a Account" })).toBeVisible();
    await page.getByLabel("Full Name").fill(account.name);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Profile photo url").fill(account.image);
    await page.getByLabel("Password").fill(account.password);
    await page.getByLabel("By clicking, I agree to signup Terms of Use and Privacy Policy").check();
    await page.getByRole("button", { name: "Sign up" }).click();

    await expect(page.getByText("Signup Success!")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: `${account.name}: your profile` })).toBeVisible();
    // The profile photo, named after the user, with a tooltip showing the display name on hover.
    await expect(page.getByRole("img", { name: account.name })).toBeVisible();
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await page.getByRole("link", { name: `${account.name}: your profile` }).hover();
    await expect(page.getByRole("tooltip")).toHaveText(account.name);
    await expect(page.getByRole("tooltip")).toBeVisible();
    await page.mouse.move(0, 400);
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await expect(nav(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");

    // The session survives a reload.
    await page.reload();
    await expect(page.getByRole("link", { name: `${account.name}: your profile` })).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logged out successfully")).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);

    await nav(page).getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Login success!")).toBeVisible();
    await expect(page.getByRole("link", { name: `${account.name}: your profile` })).toBeVisible();
  });

  test("the password can be shown and hidden", async ({ page }) => {
    await page.goto("/auth/login");
    const password = page.getByLabel("Password");
    await password.fill("Secret123");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test.describe("with failing requests", () => {
    test.use({ allowConsoleErrors: [/Failed to load resource/] });

    test("a wrong password shows the server's message in red under the form", async ({ page, login }) => {
      const account = newAccount("wrongpw");
      await login(account);
      await page.context().clearCookies();
      await page.goto("/auth/login");
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill("Wrong1234");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      const alert = page.getByRole("alert");
      await expect(alert).toHaveText("Invalid email or password");
      await expect(alert).toHaveClass(/text-error/);
      await expect(page).toHaveURL(/\/auth\/login$/);
      // Nothing typed is lost.
      await expect(page.getByLabel("Email")).toHaveValue(account.email);
    });

    test("signing up with a taken e-mail explains why", async ({ page, login }) => {
      const account = newAccount("taken");
      await login(account);
      await page.context().clearCookies();
      await page.goto("/auth/signup");
      await page.getByLabel("Full Name").fill("Someone Else");
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Profile photo url").fill(account.image);
      await page.getByLabel("Password").fill("Another123");
      await page.getByLabel(/By clicking, I agree/).check();
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page.getByRole("alert")).toContainText(/already exists/i);
    });
  });

  test("the forms check every field before sending", async ({ page }) => {
    let calls = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/auth/sign-")) calls += 1;
    });
    await page.goto("/auth/signup");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Add the address of your profile photo")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByText("You must accept the Terms of Use and Privacy Policy")).toBeVisible();

    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Profile photo url").fill("javascript:alert(1)");
    await page.getByLabel("Password").fill("abcdef");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByText("Enter an http(s) URL")).toBeVisible();
    await expect(page.getByText("Password must contain at least one uppercase letter")).toBeVisible();
    await expect(
      page.getByText("Use at least 6 characters, a lowercase letter and an uppercase letter."),
    ).toBeVisible();

    await page.goto("/auth/login");
    await page.getByLabel("Password").fill("ABC");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Password must be at least 6 characters long")).toBeVisible();
    expect(calls).toBe(0);
  });
});

test.describe("protected routes", () => {
  // /tips/some-tip and /update-tip/some-tip name no real tip: their pages load a 404 on purpose.
  test.use({ allowConsoleErrors: [/status of 404/] });
  for (const target of [
    "/my-tips",
    "/share-garden-tip",
    "/dashboard/add-tip",
    "/tips/some-tip",
    "/update-tip/some-tip",
    "/profile",
  ]) {
    test(`a visitor opening ${target} logs in and comes back to it`, async ({ page, login }) => {
      const account = newAccount("returning");
      await login(account);
      await page.context().clearCookies();
      await page.goto(target);
      await expect(page).toHaveURL(/\/auth\/login$/);
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill(account.password);
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${target.replace(/\//g, "\\/")}$`));
    });
  }

  test("signing up from the login page still returns to the attempted page", async ({ page }) => {
    const account = newAccount("detour");
    await page.goto("/my-tips");
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByRole("link", { name: "Signup" }).click();
    await page.getByLabel("Full Name").fill(account.name);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Profile photo url").fill(account.image);
    await page.getByLabel("Password").fill(account.password);
    await page.getByLabel(/By clicking, I agree/).check();
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/my-tips$/);
  });
});

test("the profile page changes the name and photo, shown in the navbar at once", async ({ page, login }) => {
  const account = newAccount("profile");
  await login(account);
  await page.goto("/profile");
  await page.getByLabel("Display name").fill("Hazel Thornbury");
  await page.getByLabel("Profile photo url").fill(`${E2E.baseURL}/images/gardeners/rowan-ellis.svg`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  const avatarLink = page.getByRole("link", { name: "Hazel Thornbury: your profile" });
  await expect(avatarLink).toBeVisible();
  await expect(avatarLink.locator("img")).toHaveAttribute("src", /rowan-ellis\.svg$/);

  await page.getByLabel("Profile photo url").fill("ftp://example.com/me.png");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Enter an http(s) URL")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Display name")).toHaveValue("Hazel Thornbury");
});

const findResetLink = (email: string) => findLink(email, /https?:\/\/\S+\/auth\/reset\?token=[\w-]+/);

/** Asks for a reset link for `email` and waits for it to arrive. */
async function resetLinkFor(page: import("@playwright/test").Page, email: string): Promise<string> {
  const before = await findResetLink(email);
  const asked = await page.request.post("/api/auth/request-password-reset", {
    data: { email },
    headers: { Origin: E2E.baseURL },
  });
  expect(asked.status()).toBe(200);
  await expect.poll(() => findResetLink(email), { timeout: 10_000 }).not.toBe(before);
  return (await findResetLink(email)) ?? "";
}

test.describe("password reset by e-mail", () => {
  test("sign-up sends a verification link; following it shows the e-mail as verified", async ({
    page,
    login,
  }) => {
    const account = newAccount("verify");
    await login(account);
    await page.goto("/profile");
    await expect(page.getByTestId("email-status")).toHaveText("Not verified");
    await page.getByRole("button", { name: "Resend verification e-mail" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Verification e-mail sent to" })).toBeVisible();

    await expect.poll(() => findVerificationLink(account.email), { timeout: 10_000 }).not.toBeNull();
    const link = (await findVerificationLink(account.email)) ?? "";
    expect(link.startsWith(`${E2E.baseURL}/api/auth/verify-email?token=`)).toBe(true);
    await page.goto(link);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId("email-status")).toHaveText("Verified");
  });

  test("a verification link followed while signed out signs nobody in: it confirms after the password", async ({
    page,
    login,
  }) => {
    const account = newAccount("verify-out");
    await login(account);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Resend verification e-mail" }).click();
    await expect.poll(() => findVerificationLink(account.email), { timeout: 10_000 }).not.toBeNull();
    const link = (await findVerificationLink(account.email)) ?? "";
    await page.context().clearCookies();

    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(
      page.getByText("Sign in with this account's password to confirm your e-mail."),
    ).toBeVisible();
    expect((await page.context().cookies()).some((cookie) => cookie.name.includes("session_token"))).toBe(
      false,
    );
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId("email-status")).toHaveText("Verified");
    await expect(page.getByRole("status").filter({ hasText: "Your e-mail is verified." })).toBeVisible();
  });

  test("a reset link arrives through SMTP and sets a new password", async ({ page, login }) => {
    const account = newAccount("reset");
    await login(account);
    await page.context().clearCookies();

    await page.goto("/auth/login");
    await page.getByRole("link", { name: "Forget password" }).click();
    await expect(page).toHaveURL(/\/auth\/reset$/);
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

    await expect.poll(() => findResetLink(account.email), { timeout: 10_000 }).not.toBeNull();
    const link = (await findResetLink(account.email)) ?? "";
    expect(link.startsWith(`${E2E.baseURL}/auth/reset?token=`)).toBe(true);

    await page.goto(link);
    await page.getByLabel("New password").fill("Marigold42");
    await page.getByLabel("Confirm password").fill("Marigold41");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("The passwords do not match")).toBeVisible();
    await page.getByLabel("Confirm password").fill("Marigold42");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Your password has been changed")).toBeVisible();

    await page.getByRole("link", { name: "Go to Login" }).click();
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill("Marigold42");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByRole("link", { name: `${account.name}: your profile` })).toBeVisible();
  });

  test("a known mail domain gets a link to its web mail", async ({ page }) => {
    await page.goto("/auth/reset");
    // A new address each time: reset e-mails are limited to three per address in 15 minutes.
    await page.getByLabel("Email").fill(`${uniqueWord()}@gmail.com`);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("link", { name: "Open Gmail" })).toHaveAttribute(
      "href",
      "https://mail.google.com/",
    );
  });

  test("a used, replaced or made-up reset link says so as the page opens, with no form to fill in", async ({
    page,
    login,
  }) => {
    const account = newAccount("deadlink");
    await login(account);
    await page.context().clearCookies();
    const replaced = await resetLinkFor(page, account.email);
    const newest = await resetLinkFor(page, account.email);
    const madeUp = "/auth/reset?token=not-a-real-token";
    for (const link of [replaced, madeUp]) {
      await page.goto(link);
      await expect(page.getByRole("alert")).toHaveText(
        "This reset link is invalid or has expired. Ask for a new one.",
      );
      await expect(page.getByLabel("New password")).toHaveCount(0);
      await expect(page).toHaveTitle("Reset link cannot be used - Gardening Community");
      await page.getByRole("link", { name: "Send a new reset link" }).click();
      await expect(page.getByRole("heading", { name: "Forget Password" })).toBeVisible();
    }
    // The newest link works, once.
    await page.goto(newest);
    await page.getByLabel("New password").fill("Marigold42");
    await page.getByLabel("Confirm password").fill("Marigold42");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Your password has been changed")).toBeVisible();
    await page.goto(newest);
    await expect(page.getByRole("alert")).toHaveText(
      "This reset link is invalid or has expired. Ask for a new one.",
    );
  });
});

test.describe("Google sign-in", () => {
  // The local provider (src/server/test/oidc-issuer.ts) has one user for every test, and the first sign-in
  // as it creates its account: two at once would race to create it. The lock keeps these tests (and their
  // repeats, in any file) from running at the same time; each passes whether the account exists or not.
  test.describe.configure({ lock: "google-user" });

  test("through a popup, ending signed in with the provider's name, e-mail and picture", async ({ page }) => {
    await page.goto("/my-tips");
    await expect(page).toHaveURL(/\/auth\/login$/);
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Login with Google" }).click();
    const popup = await popupPromise;
    await popup.waitForEvent("close", { timeout: 15_000 });

    await expect(page.getByText("Login success with google")).toBeVisible();
    await expect(page).toHaveURL(/\/my-tips$/);
    const avatar = page.getByRole("link", { name: `${E2E.google.user.name}: your profile` });
    await expect(avatar).toBeVisible();
    await expect(avatar.locator("img")).toHaveAttribute("src", E2E.google.user.picture);
    const session = await (await page.request.get("/api/auth/get-session")).json();
    expect(session.user).toMatchObject({
      name: E2E.google.user.name,
      email: E2E.google.user.email,
      image: E2E.google.user.picture,
    });
  });

  test("closing the popup cancels quietly", async ({ page }) => {
    // The provider never answers here, so the popup cannot finish signing in before it is closed.
    await page.context().route(
      (url) => url.port === String(E2E.oidcPort),
      () => {},
    );
    await page.goto("/auth/login");
    page.on("popup", (popup) => void popup.close());
    await page.getByRole("button", { name: "Login with Google" }).click();
    await expect(page.getByText("Google sign-in was cancelled.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Login with Google" })).toBeEnabled();
    await expect(nav(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test("a blocked popup falls back to a full-page redirect", async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto("/my-tips");
    await page.getByRole("button", { name: "Login with Google" }).click();
    await expect(page).toHaveURL(/\/my-tips$/, { timeout: 15_000 });
    await expect(page.getByRole("link", { name: `${E2E.google.user.name}: your profile` })).toBeVisible();
  });
});

// Each page in one theme, the two themes sharing them out (ADR 094).
test("the account pages have no WCAG 2.1 A/AA violations (light: login, reset, reset form, navbar)", async ({
  page,
  login,
}) => {
  for (const [url, heading] of [
    ["/auth/login", "Login"],
    ["/auth/reset", "Forget Password"],
  ] as const) {
    await gotoWithTheme(page, url, "light");
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expectNoA11yViolations(page, `${url} (light)`);
  }
  const account = await login();
  await page.context().clearCookies();
  await gotoWithTheme(page, await resetLinkFor(page, account.email), "light");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Password is required")).toBeVisible();
  await expectNoA11yViolations(page, "reset form with errors (light)");
  await login();
  await page.goto("/explore-gardeners");
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  // The cards' Follow buttons wait, disabled, for the member's follows; scanned mid-way from the faint
  // disabled colours to their own, they read as too faint. The scan waits for the colours' transition.
  await expect(page.getByRole("button", { name: /^Follow / }).first()).toBeEnabled();
  await expectNoA11yViolations(page, "signed-in navbar (light)");
});

test("the account pages have no WCAG 2.1 A/AA violations (dark: sign-up, a dead reset link, profile)", async ({
  page,
  login,
}) => {
  for (const [url, heading] of [
    ["/auth/signup", "Create a Account"],
    ["/auth/reset?token=abc", "This reset link cannot be used"],
  ] as const) {
    await gotoWithTheme(page, url, "dark");
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expectNoA11yViolations(page, `${url} (dark)`);
  }
  await login();
  await gotoWithTheme(page, "/profile", "dark");
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  await expectNoA11yViolations(page, "/profile (dark)");
});

test.describe("a signed-in member on a sign-in page", () => {
  test("is sent on where they were going, or home, by the server and in the app", async ({ page, login }) => {
    const me = await login();
    for (const path of ["/auth/login", "/auth/signup"]) {
      const answer = await page.request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(302);
      expect(answer.headers().location, path).toBe("/");
      await page.goto(path);
      await expect(page).toHaveURL(`${E2E.baseURL}/`);
      await expect(page.getByRole("link", { name: `${me.name}: your profile` })).toBeVisible();
    }
    await page.goto("/auth/login?returnTo=%2Fmy-tips");
    await expect(page).toHaveURL(/\/my-tips$/);
    await expect(page.getByRole("heading", { name: "My Tips" })).toBeVisible();
    // Never to another site.
    const away = await page.request.get("/auth/login?returnTo=%2F%2Fevil.example", { maxRedirects: 0 });
    expect(away.headers().location).toBe("/");
  });
});

test("a visitor who presses See More is told on the login page why, and comes back to the tip", async ({
  page,
  login,
  createTip,
  searchWord,
}) => {
  const account = await login();
  const tip = await createTip({ title: "Behind sign-in" });
  await page.context().clearCookies();
  await page.goto(`/browse-tips?q=${searchWord}`);
  await page
    .getByRole("link", { name: new RegExp(`See More.*${tip.title}`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole("status").filter({ hasText: "Sign in to see this tip." })).toBeVisible();
  await expectNoA11yViolations(page, "login with its reason");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("heading", { name: tip.title, level: 1 })).toBeVisible();

  // Opening the login page of one's own accord gives no reason.
  await page.context().clearCookies();
  await page.goto("/auth/login");
  await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
  await expect(page.getByText(/^Sign in to /)).toHaveCount(0);
});

test("a session that has ended signs the navbar out", async ({ page, context, login }) => {
  const me = await login();
  // Taking the page over reads the session once in the background; that answer, asked with the cookie,
  // must be in before the cookie goes, or the tab's check would share it instead of asking anew.
  const checkedOnTakeOver = page.waitForResponse((response) =>
    response.url().endsWith("/api/auth/get-session"),
  );
  await page.goto("/browse-tips");
  await checkedOnTakeOver;
  await expect(page.getByRole("link", { name: `${me.name}: your profile` })).toBeVisible();
  await context.clearCookies();
  // Coming back to the tab reads the session again.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    window.dispatchEvent(new Event("visibilitychange"));
  });
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("link", { name: `${me.name}: your profile` })).toHaveCount(0);
});

test.describe("after the session ends", () => {
  test.use({ allowConsoleErrors: [/401 \(Unauthorized\)/] });

  test("an action refused with 401 signs the page out at once", async ({ page, login, createTip }) => {
    await login();
    const tip = await createTip();
    await page.goto(`/tips/${tip._id}`);
    await expect(page.getByRole("button", { name: "Like" })).toBeVisible();
    // The session ends on the server while the page is open: its next call is refused.
    await page.route("**/api/tips/*/like", (route) =>
      route.fulfill({ status: 401, json: { message: "Sign in first" } }),
    );
    await page.route("**/api/auth/get-session", (route) => route.fulfill({ json: null }));
    await page.getByRole("button", { name: "Like" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
