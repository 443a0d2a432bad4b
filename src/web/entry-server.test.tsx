// @vitest-environment node
// The server renders in Node, with no window: so does this test.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Tip } from "#shared/schemas/tip.ts";
import { type RenderedPage, renderPage } from "./entry-server.tsx";

/** The API as the server's renderer calls it: who is signed in, the site's settings, and a member's tips. */
function api({
  user = null as null | { name: string },
  failConfig = false,
  tips = [] as Tip[],
  failList = false,
} = {}) {
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
    const listed = new URL(url, "http://localhost");
    if (listed.pathname === "/api/tips") {
      if (failList) return Response.json({ message: "Something went wrong" }, { status: 500 });
      const email = listed.searchParams.get("email");
      const q = listed.searchParams.get("q")?.toLowerCase() ?? "";
      const own = tips.filter((tip) => tip.email === email && tip.title.toLowerCase().includes(q));
      return Response.json(own, { headers: { "X-Total-Count": String(own.length) } });
    }
    const tipId = /\/api\/tips\/([^/?]+)$/.exec(url)?.[1];
    if (tipId !== undefined) {
      const tip = tips.find((one) => one._id === decodeURIComponent(tipId));
      return tip ? Response.json(tip) : Response.json({ message: "Tip not found" }, { status: 404 });
    }
    return Response.json({ message: `unexpected ${url}` }, { status: 500 });
  };
  return { fetcher, asked };
}

const privateTip: Tip = {
  _id: "t1",
  title: "Feed the <b>roses</b> in March",
  plantType: "Rose",
  difficulty: "Easy",
  description: "A handful of bone meal at the roots.",
  images: "",
  category: "Plant Care",
  availability: "Private",
  name: "Ivy Green",
  email: "ivy@example.com",
  authorHandle: "ivy_green",
  crops: [],
  totalLiked: 3,
  totalComments: 0,
  createdAt: "2026-03-01T10:00:00.000Z",
  likedByMe: false,
};

afterEach(() => {
  vi.useRealTimers();
});

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

  it("leaves a member's pages to the browser for a visitor, who is sent to sign in there", async () => {
    for (const path of [
      "/my-tips",
      "/dashboard",
      "/dashboard/my-tips",
      "/tips/t1",
      "/profile",
      "/dashboard/add-tip",
    ])
      expect(await rendered(request(path), api({ tips: [privateTip] }).fetcher), path).toBeNull();
  });

  it("renders a member's My Tips with their own tips in it, and the dashboard's with its search", async () => {
    const otherTip = {
      ...privateTip,
      _id: "t9",
      title: "Someone else's dahlias",
      email: "rowan@example.com",
    };
    const compost = {
      ...privateTip,
      _id: "t2",
      title: "Turn the compost weekly",
      availability: "Public" as const,
    };
    const member = api({ user: { name: "Ivy Green" }, tips: [privateTip, compost, otherTip] });
    const myTips = await rendered(request("/my-tips"), member.fetcher);
    expect(myTips?.body).toMatch(/<h1[^>]*>My Tips<\/h1>/);
    expect(myTips?.head).toContain('<meta name="robots" content="noindex"/>');
    expect(myTips?.body).toContain("Feed the &lt;b&gt;roses&lt;/b&gt; in March");
    expect(myTips?.body).toContain("Turn the compost weekly");
    expect(myTips?.body).not.toContain("dahlias");
    expect(myTips?.body).not.toContain("Loading your tips…");
    // Update and Delete wait for the script.
    expect(myTips?.body).toMatch(/<fieldset[^>]*disabled=""/);
    const searched = await rendered(request("/dashboard/my-tips?q=compost&sort=oldest"), member.fetcher);
    expect(searched?.body).toContain("Turn the compost weekly");
    expect(searched?.body).not.toContain("roses");
    // The list travels with the page under the key the page asks for in the browser.
    const keys = JSON.parse(searched?.state ?? "{}").queries.map(
      (query: { queryKey: unknown }) => query.queryKey,
    );
    expect(keys).toContainEqual([
      "tips",
      "list",
      { q: "compost", sort: "oldest", limit: 20, offset: 0, email: "ivy@example.com" },
    ]);
  });

  it("renders a member's dashboard frame, its figures left to the browser", async () => {
    const member = api({ user: { name: "Ivy Green" } });
    const dashboard = await rendered(request("/dashboard"), member.fetcher);
    expect(dashboard?.body).toContain('Welcome back, <span dir="auto">Ivy Green</span>!');
    expect(dashboard?.body).toContain("Loading your figures…");
    expect(dashboard?.body).toContain("Logout");
    expect(member.asked.sort()).toEqual(["/api/auth/get-session", "/api/config"]);
  });

  it("renders My Tips as loading when the member's tips could not be read, for the browser to ask again", async () => {
    const page = await rendered(
      request("/my-tips"),
      api({ user: { name: "Ivy Green" }, failList: true }).fetcher,
    );
    expect(page?.body).toMatch(/<h1[^>]*>My Tips<\/h1>/);
    expect(page?.body).toContain("Loading your tips…");
    expect(JSON.parse(page?.state ?? "{}").queries).toHaveLength(2);
  });

  it("renders a member's tip page with the tip in it, escaped, its Like button waiting for the script", async () => {
    const member = api({ user: { name: "Ivy Green" }, tips: [privateTip] });
    const page = await rendered(request("/tips/t1"), member.fetcher);
    expect(page?.body).toContain("Feed the &lt;b&gt;roses&lt;/b&gt; in March");
    expect(page?.body).not.toContain("<b>roses</b>");
    expect(page?.body).toContain("A handful of bone meal at the roots.");
    expect(page?.body).toMatch(/<fieldset[^>]*disabled=""/);
    // The tip travels with the page, so the browser does not ask for it again.
    expect(
      JSON.parse(page?.state ?? "{}").queries.map((query: { queryKey: unknown }) => query.queryKey),
    ).toContainEqual(["tips", "detail", "t1"]);
  });

  it("leaves a tip the member may not see, or that is gone, to the browser's own not-found page", async () => {
    const member = api({ user: { name: "Ivy Green" }, tips: [privateTip] });
    expect(await rendered(request("/tips/t2"), member.fetcher)).toBeNull();
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
    for (const path of ["/", "/browse-tips", "/auth/login", "/my-tips"]) {
      for (const user of [null, { name: "Ivy Green" }]) {
        // (A signed-in member's /auth/login is a redirect: the same one each time.)
        vi.useFakeTimers({ toFake: ["Date"] });
        const first = await renderPage(request(path), api({ user }).fetcher);
        vi.setSystemTime(Date.now() + 60_000);
        const second = await renderPage(request(path), api({ user }).fetcher);
        expect(second, path).toEqual(first);
      }
    }
    const visitor = await rendered(request("/"), api().fetcher);
    const signedIn = await rendered(request("/"), api({ user: { name: "Ivy Green" } }).fetcher);
    expect(signedIn?.body).not.toBe(visitor?.body);
  });
});
