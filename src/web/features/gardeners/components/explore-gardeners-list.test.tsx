import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { Gardener } from "#shared/schemas/gardener.ts";
import { aProfile, aUser, HttpResponse, http, listResponse, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { ExploreGardenersList } from "./explore-gardeners-list.tsx";

const card = (handle: string, name: string): Gardener => ({
  id: handle,
  handle,
  name,
  image: "http://localhost/images/default-avatar.svg",
  status: "active",
  age: null,
  gender: null,
  experiences: null,
  totalSharedTips: 1,
});
const GARDENERS = [card("rosa_b", "Rosa B"), card("ben_c", "Ben C"), card("me_too", "Me Too")];
const asked: URL[] = [];

beforeEach(() => {
  asked.length = 0;
  const following = new Set(["rosa_b"]);
  server.use(
    http.get("*/api/gardeners", () => listResponse(GARDENERS, GARDENERS.length)),
    http.get("*/api/follows", ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const handles = url.searchParams.get("handles")?.split(",") ?? [];
      return HttpResponse.json(
        handles.map((handle) => ({
          handle,
          following: following.has(handle),
          followers: following.has(handle) ? 1 : 0,
        })),
      );
    }),
    http.put("*/api/gardeners/:handle/follow", ({ params }) => {
      following.add(String(params.handle));
      return HttpResponse.json({ following: true, followers: 1 });
    }),
  );
});

const renderList = () =>
  renderRoutes([{ path: "/explore-gardeners", element: <ExploreGardenersList /> }], {
    route: "/explore-gardeners",
  });
const cardOf = async (name: string) =>
  (await screen.findByRole("heading", { name })).closest("article") as HTMLElement;

describe("Explore Gardeners' cards", () => {
  it("let a member follow each gardener but themselves, asking once for the page whom they follow", async () => {
    const me = aUser({ name: "Me Too" });
    signInAs(me);
    server.use(http.get("*/api/profile", () => HttpResponse.json(aProfile(me, { handle: "me_too" }))));
    renderList();
    expect(
      await within(await cardOf("Rosa B")).findByRole("button", { name: "Following Rosa B" }),
    ).toHaveAttribute("aria-pressed", "true");
    const ben = await cardOf("Ben C");
    await userEvent.click(await within(ben).findByRole("button", { name: "Follow Ben C" }));
    expect(await within(ben).findByRole("button", { name: "Following Ben C" })).toBeInTheDocument();
    expect(within(await cardOf("Me Too")).queryByRole("button", { name: /Follow/ })).not.toBeInTheDocument();
    expect(asked).toHaveLength(1);
    expect(asked[0]?.searchParams.get("handles")).toBe("ben_c,me_too,rosa_b");
  });

  it("offer a visitor no follow button, and ask nothing about follows", async () => {
    renderList();
    const rosa = await cardOf("Rosa B");
    expect(within(rosa).queryByRole("button", { name: /Follow/ })).not.toBeInTheDocument();
    expect(within(rosa).queryByRole("link", { name: "Follow" })).not.toBeInTheDocument();
    expect(asked).toHaveLength(0);
  });
});
