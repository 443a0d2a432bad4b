import { LogOut, Menu, Search, ShieldCheck, Sprout, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import type { PhotoView } from "#shared/schemas/photo.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import { FRAME } from "#web/components/ui/page-frame.tsx";
import { paths } from "#web/config/paths.ts";
import { moderationLabel, useModerationWaiting } from "#web/features/moderation/api/get-waiting.ts";
import { useUnreadCount } from "#web/features/notifications/api/notifications.ts";
import { bellLabel, NotificationBell } from "#web/features/notifications/components/notification-bell.tsx";
import { useLogout, useUser } from "#web/lib/auth.ts";
import { NAV_LINKS } from "./nav-links.ts";
import { ThemeToggle } from "./theme-toggle.tsx";

// Tighter between lg and xl, where six links, the bell, the photo and Logout share 1024 px.
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-field whitespace-nowrap px-1.5 py-2 font-medium transition-colors xl:px-2 2xl:px-3 ${isActive ? "nav-current" : "hover:bg-base-200"}`;

export function Navbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const { user } = useUser();
  const logout = useLogout();
  const links = NAV_LINKS.filter((link) => user || !link.signedInOnly);
  const waiting = useModerationWaiting();
  const unread = useUnreadCount();
  const team = user !== null && user.role !== "member";

  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // A navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change on purpose
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  // Esc and a tap outside close the open menu; Esc gives focus back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !header.current?.contains(event.target)) setMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [menuOpen]);

  return (
    <header ref={header} className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label="Main" className={`navbar gap-2 ${FRAME}`}>
        <div className="navbar-start gap-1">
          <HydrationGate>
            <button
              ref={toggle}
              type="button"
              // The team's bar holds one more link: their menu button stays until the widest bar fits it all.
              className={`btn btn-ghost btn-square ${team ? "xl:hidden" : "lg:hidden"}`}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            </button>
          </HydrationGate>
          <Link
            to={paths.home.getHref()}
            className="flex items-center gap-2 text-base leading-tight font-bold whitespace-nowrap text-primary sm:text-lg lg:max-xl:text-base"
          >
            <Sprout aria-hidden="true" className="size-6 shrink-0 sm:size-7" />
            {/* Where the bar is crowded (a phone, or six links in 1024 px) the name may take two short lines
                rather than push the buttons off the screen. Only below 360 px, where even two lines would
                cover the buttons, is it left to the icon (and to screen readers). */}
            <span className="max-sm:whitespace-normal max-[359px]:sr-only lg:max-xl:whitespace-normal">
              Gardening Community
            </span>
          </Link>
        </div>
        <ul className={`navbar-center hidden ${team ? "gap-1 xl:flex" : "gap-0.5 lg:flex xl:gap-1"}`}>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === "/"} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="navbar-end gap-1 xl:gap-2">
          {team && <ModerationLink waiting={waiting} />}
          <ThemeToggle />
          {user ? (
            <>
              <NotificationBell />
              <ProfileLink name={user.name} photoURL={user.image} photo={user.photo} />
              <HydrationGate>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => logout.mutate()}
                  disabled={logout.isPending}
                >
                  <LogOut aria-hidden="true" className="size-4" />
                  {/* The bar is full on laptops (six links, the bell, the photo; the team's the queue too): the
                      label waits for the widest screens. */}
                  <span
                    className={
                      team ? "hidden sm:max-xl:inline 2xl:inline" : "hidden sm:max-lg:inline 2xl:inline"
                    }
                  >
                    Logout
                  </span>
                  <span
                    className={
                      team ? "sr-only sm:max-xl:hidden 2xl:hidden" : "sr-only sm:max-lg:hidden 2xl:hidden"
                    }
                  >
                    Logout
                  </span>
                </button>
              </HydrationGate>
            </>
          ) : (
            <Link
              to={paths.auth.login.getHref()}
              state={{ from: location }}
              className="btn btn-primary btn-sm"
            >
              Sign in
            </Link>
          )}
        </div>
      </nav>
      {menuOpen && (
        <MobileMenu
          id={menuId}
          team={team}
          links={[
            ...links,
            ...(user
              ? [
                  { to: paths.notifications.getHref(), label: bellLabel(unread.data?.count ?? 0) },
                  { to: paths.bookmarks.getHref(), label: "Your bookmarks" },
                  { to: paths.myReports.getHref(), label: "Your reports" },
                ]
              : []),
            ...(user && user.role !== "member"
              ? [{ to: paths.moderation.getHref(), label: moderationLabel(waiting) }]
              : []),
          ]}
        />
      )}
    </header>
  );
}

/**
 * The team's way to the queue, on wide screens (phones have it in the menu): the shield, and how many
 * cases wait, in words for screen readers ("Moderation (3 waiting)").
 */
function ModerationLink({ waiting }: { waiting: number | null }) {
  return (
    <NavLink
      to={paths.moderation.getHref()}
      className={({ isActive }) =>
        `btn btn-ghost btn-sm hidden xl:inline-flex ${isActive ? "nav-current" : ""}`
      }
      aria-label={moderationLabel(waiting)}
    >
      <ShieldCheck aria-hidden="true" className="size-4" />
      <span className="hidden 2xl:inline">Moderation</span>
      {waiting !== null && waiting > 0 && (
        <span className="badge badge-warning badge-sm" aria-hidden="true">
          {waiting}
        </span>
      )}
    </NavLink>
  );
}

/**
 * The profile photo with a tooltip showing the display name. The tooltip is real text
 * (role="tooltip"), in the DOM only while the photo is hovered or focused: always there, it would repeat
 * the name on every page that shows it, such as the author line of one's own tip. It is not wired to the
 * link with aria-describedby, whose label already says the name. Escape hides it (WCAG 1.4.13).
 */
function ProfileLink({
  name,
  photoURL,
  photo,
}: {
  name: string;
  photoURL: string | null;
  photo?: PhotoView | undefined;
}) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused) && !dismissed;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only shows a tooltip; the link inside is the control
    <div
      className={`tooltip tooltip-bottom ${open ? "tooltip-open" : ""}`}
      onMouseEnter={() => {
        setHovered(true);
        setDismissed(false);
      }}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        setFocused(true);
        setDismissed(false);
      }}
      onBlur={() => setFocused(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape") setDismissed(true);
      }}
    >
      {open && (
        <span role="tooltip" className="tooltip-content">
          {name}
        </span>
      )}
      <Link
        to={paths.profile.getHref()}
        className="btn btn-ghost btn-circle avatar"
        aria-label={`${name}: your profile`}
      >
        <Avatar src={photoURL} photo={photo} name={name} size={36} />
      </Link>
    </div>
  );
}

function MobileMenu({ id, links, team }: { id: string; links: typeof NAV_LINKS; team: boolean }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState("");

  // The menu's search box searches tips (the previous version's box did nothing).
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    navigate(paths.browseTips.getHref(query.trim()));
  };

  return (
    <div
      id={id}
      className={`border-t border-base-300 bg-base-100 px-4 pb-4 ${team ? "xl:hidden" : "lg:hidden"}`}
    >
      <ul className="menu w-full gap-1 px-0">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.to === "/"}
              className={({ isActive }) => (isActive ? "menu-active nav-current" : "")}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <search className="mt-2 block">
        <form onSubmit={onSearch}>
          <label className="input w-full">
            <Search aria-hidden="true" className="size-4 opacity-70" />
            <input
              type="search"
              name="q"
              placeholder="Search..."
              aria-label="Search tips"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </label>
        </form>
      </search>
    </div>
  );
}
