// @vitest-environment node
// The server renders in Node, with no window: so does this test.
import { describe, expect, it } from "vitest";
import { type RenderedPage, renderPage } from "./entry-server.tsx";

/** The API as the server's renderer calls it: who is signed in and the site's settings, and nothing else. */
function api({ user = null as null | { name: string }, failConfig = false } = {}) {
  const asked: string[] = [];
  const fetcher = async (url: string) => {
    asked.push(new URL(url, "http://localhost").pathname);
    if (url.includes("/auth/get-session"))
      return Response.json(
        user
          ? {
              user: { id: "u1", name: user.name, email: "ivy@example.com", image: null, emailVerified: true },
              session: { id: "s1", expiresAt: "2099-01-01T00:00:00.000Z" },
            }
          : null,
      );
    if (url.includes("/config"))
      return failConfig
        ? Response.json({ message: "Something went wrong" }, { status: 500 })
        : Response.json({ social: {}, googleSignIn: false });
    return Response.json({ message: `unexpected ${url}` }, { status: 500 });
  };
  return { fetcher, asked };
}

const request = (path: string) => new Request(`http://localhost${path}`);

/** The page rendered, or null; a redirect fails the test. */
async function rendered(
  req: Request,
  fetcher: ReturnType<typeof api>["fetcher"],
): Promise<RenderedPage | null> {
  const page = await renderPage(req, fetcher);
  if (page && "redirect" in page) throw new Error(`redirected to ${page.redirect}`);
  return page;
}

describe("the server's rendering of a page", () => {
  it("renders Browse Tips' header, heading and filters, with a loading state where the tips go", async () => {
    const { fetcher, asked } = api();
    const page = await rendered(request("/browse-tips?q=basil"), fetcher);
    expect(page).not.toBeNull();
    expect(page?.head).toContain("<title>Browse Tips - Gardening Community</title>");
    expect(page?.body).toContain("Public Garden Tips");
    expect(page?.body).toContain("Loading tips…");
    expect(page?.body).toContain("Sign in");
    // The tips are the browser's to ask for: the renderer asked only who is signed in and the settings.
    expect(asked.sort()).toEqual(["/api/auth/get-session", "/api/config"]);
    expect(JSON.parse(page?.state ?? "{}").queries).toHaveLength(2);
  });

  it("renders the login form with its fields disabled until the page's script runs", async () => {
    const page = await rendered(request("/auth/login"), api().fetcher);
    expect(page?.body).toMatch(/<fieldset[^>]*disabled=""/);
    expect(page?.body).toContain("Google sign-in is not configured on this server.");
  });

  it("shows who is signed in", async () => {
    const page = await rendered(request("/"), api({ user: { name: "Ivy Green" } }).fetcher);
    expect(page?.body).toContain("Ivy Green: your profile");
    expect(page?.body).not.toContain("Sign in");
  });

  it("sends a signed-in member who opens a sign-in page on where they were going, home by default", async () => {
    const member = api({ user: { name: "Ivy Green" } }).fetcher;
    expect(await renderPage(request("/auth/login"), member)).toEqual({ redirect: "/" });
    expect(await renderPage(request("/auth/signup"), member)).toEqual({ redirect: "/" });
    expect(await renderPage(request("/auth/login?returnTo=%2Fmy-tips%3Fpage%3D2"), member)).toEqual({
      redirect: "/my-tips?page=2",
    });
    // Never to another site.
    expect(await renderPage(request("/auth/login?returnTo=%2F%2Fevil.example"), member)).toEqual({
      redirect: "/",
    });
    // A visitor gets the page.
    expect(await rendered(request("/auth/login?returnTo=%2Fmy-tips"), api().fetcher)).not.toBeNull();
  });

  it("leaves pages behind sign-in to the browser", async () => {
    expect(await rendered(request("/my-tips"), api().fetcher)).toBeNull();
    expect(await rendered(request("/dashboard"), api().fetcher)).toBeNull();
  });

  it("renders nothing when what the page needs could not be read", async () => {
    expect(await rendered(request("/"), api({ failConfig: true }).fetcher)).toBeNull();
  });

  it("keeps a script out of the carried state", async () => {
    const page = await rendered(
      request("/"),
      api({ user: { name: "</script><script>alert(1)</script>" } }).fetcher,
    );
    expect(page?.state).not.toContain("</script>");
    expect(page?.body).not.toContain("<script>alert(1)");
  });

  it("renders the same page byte for byte for the same session and settings, so its ETag holds", async () => {
    for (const path of ["/", "/browse-tips", "/auth/login"]) {
      for (const user of [null, { name: "Ivy Green" }]) {
        // (A signed-in member's /auth/login is a redirect: the same one each time.)
        const first = await renderPage(request(path), api({ user }).fetcher);
        await new Promise((resolve) => setTimeout(resolve, 5));
        const second = await renderPage(request(path), api({ user }).fetcher);
        expect(second, path).toEqual(first);
      }
    }
    const visitor = await rendered(request("/"), api().fetcher);
    const signedIn = await rendered(request("/"), api({ user: { name: "Ivy Green" } }).fetcher);
    expect(signedIn?.body).not.toBe(visitor?.body);
  });
});
