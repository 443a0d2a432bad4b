import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  DELETED_HANDLE_KEPT_DAYS,
  DELETION_GRACE_DAYS,
  EXPORT_EVERY_HOURS,
  EXPORT_KEPT_HOURS,
} from "#shared/schemas/account-data.ts";
import { renderWithProviders } from "#web/test/render.tsx";
import { PrivacyRoute } from "./privacy.tsx";
import { TermsRoute } from "./terms.tsx";

function metaDescription() {
  return document.head.querySelector('meta[name="description"]')?.getAttribute("content");
}

describe("PrivacyRoute", () => {
  it("says what is stored, who sees it and how to delete it", () => {
    renderWithProviders(<PrivacyRoute />, { route: "/privacy" });
    expect(document.title).toBe("Privacy Policy - Gardening Community");
    expect(metaDescription()).toMatch(/what Gardening Community stores/i);
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    expect(screen.getByText(/Last updated/)).toHaveTextContent("Last updated: December 7, 2026");

    const sections = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual(
      expect.arrayContaining([
        "What we store",
        "Who sees what",
        "Downloading your data",
        "Changing and deleting your data",
        "Deleting your account",
        "Contact",
      ]),
    );

    const page = screen.getByRole("article");
    for (const sentence of [
      /your name, your e-mail address, whether you have confirmed that address, and your profile photo/,
      /remove everything hidden in the file: the place where it was taken \(GPS position\)/,
      /A photo that no tip or profile uses .* is deleted after a day/,
      /a hashed version of your password, never the password itself/,
      /the link to your Google account/,
      /which tips you liked/,
      /We set two cookies: the session cookie that keeps you signed in, and/,
      /a device cookie that remembers this browser for a year, so that strangers guessing your password elsewhere cannot lock you out here/,
      /holds a random number and the time you signed in, not your name or e-mail\. Both are httpOnly/,
      /no tracking or advertising cookies and no third-party analytics/,
      /kept in your browser's localStorage/,
      /a link to confirm that the e-mail address is yours, valid for 24 hours/,
      /When you ask to reset your password: a link to choose a new one, valid for one hour and usable once/,
      /Your gardener page.* never shows your e-mail address, and shows your age and gender only if you fill them in/,
      /Your e-mail address is never shown on your tips to anyone but you/,
      /Your comments/,
      /what you reported \(with its title or first words as you saw it, so you can tell your reports apart\), why, your note, and what the moderators decided/,
      /When you change your handle we keep the old one for you, so links to your page still lead to it/,
      /a moderation log that cannot be changed afterwards/,
      /a keyed hash of the network address you signed up from/,
      /When a moderator decides about something you posted/,
      /When something you reported is decided/,
      /The member who posted the item is never told who reported it/,
      /Hidden and private tips are not listed anywhere and are shown only to their author/,
    ]) {
      expect(page).toHaveTextContent(sentence);
    }

    // What the download promises, in the numbers the server keeps to (the same constants).
    for (const sentence of [
      new RegExp(`You can ask for one copy every ${EXPORT_EVERY_HOURS} hours`),
      new RegExp(
        `the link works only for you, signed in, for ${EXPORT_KEPT_HOURS} hours\\. Then the file is deleted`,
      ),
      /other people's comments under your tips are only counted/,
      /the photos you uploaded as we store them/,
    ])
      expect(page).toHaveTextContent(sentence);
    // What deleting promises, in the numbers the server keeps to (the same constants).
    for (const sentence of [
      new RegExp(`deleted ${DELETION_GRACE_DAYS} days later: sign in before then and it stays as it was`),
      new RegExp(`Your handle stays unused by anyone else for ${DELETED_HANDLE_KEPT_DAYS} days`),
      /Replies other members wrote under your tips stay under a "Deleted tip" placeholder/,
      /they stay under "Former gardener", with no name, photo, handle or link to you/,
      /if one is ever restored, your account is deleted again at once/,
    ])
      expect(page).toHaveTextContent(sentence);
    expect(page).not.toHaveTextContent(/To delete your account, write to/);
    const profileLinks = screen
      .getAllByRole("link", { name: "Profile" })
      .map((link) => link.getAttribute("href"));
    expect(profileLinks).toContain("/profile#your-data");
    expect(profileLinks).toContain("/profile#delete-account");
    expect(screen.getByRole("link", { name: "My Tips" })).toHaveAttribute("href", "/my-tips");
    expect(screen.getAllByRole("link", { name: "privacy@garden-community.example" })[0]).toHaveAttribute(
      "href",
      "mailto:privacy@garden-community.example",
    );
    expect(screen.getByRole("link", { name: "Terms of Use" })).toHaveAttribute("href", "/terms");
  });
});

describe("TermsRoute", () => {
  it("sets out the rules of the site", () => {
    renderWithProviders(<TermsRoute />, { route: "/terms" });
    expect(document.title).toBe("Terms of Use - Gardening Community");
    expect(metaDescription()).toMatch(/rules for using Gardening Community/);
    expect(screen.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeInTheDocument();
    expect(screen.getByText(/Last updated/)).toHaveTextContent("Last updated: November 22, 2026");

    const sections = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual(
      expect.arrayContaining([
        "Your account and its security",
        "Acceptable use",
        "Your content",
        "Gardening advice",
        "Moderation and removal",
        "Ending your use",
        "Changes to these terms",
        "Contact",
      ]),
    );

    const page = screen.getByRole("article");
    for (const sentence of [
      /You keep ownership of the tips you write/,
      /licence to store, display and format it on this site/,
      /come with no warranty that they are accurate/,
      /Never eat a plant you cannot identify with certainty/,
      /follow the manufacturer's label/,
      /We may hide or remove any tip/,
      /We may suspend or close an account/,
    ]) {
      expect(page).toHaveTextContent(sentence);
    }
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  });
});
