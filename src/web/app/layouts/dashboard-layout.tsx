import { BookOpen, Flag, LayoutDashboard, LogOut, Menu, Plus, ShieldCheck, Sprout, X } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, ScrollRestoration, useLocation } from "react-router";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import { paths } from "#web/config/paths.ts";
import { moderationLabel, useModerationWaiting } from "#web/features/moderation/api/get-waiting.ts";
import { useLogout, useUser } from "#web/lib/auth.ts";
import { ThemeToggle } from "./theme-toggle.tsx";

const SECTIONS = [
  { to: paths.dashboard.root.getHref(), label: "Overview", icon: LayoutDashboard, end: true },
  { to: paths.dashboard.allTips.getHref(), label: "All Tips", icon: BookOpen, end: false },
  { to: paths.dashboard.addTip.getHref(), label: "Add Tip", icon: Plus, end: false },
  { to: paths.dashboard.myTips.getHref(), label: "My Tips", icon: Sprout, end: false },
];

/**
 * The dashboard's sidebar layout: Overview, All Tips, Add Tip, My Tips, the user's
 * avatar and Logout, the current section highlighted. On phones the sidebar is a drawer: a modal dialog,
 * so focus stays inside while it is open, and Esc or a tap outside closes it.
 */
export function DashboardLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawer = useRef<HTMLDialogElement>(null);
  const location = useLocation();

  useEffect(() => {
    const dialog = drawer.current;
    if (!dialog) return;
    if (drawerOpen && !dialog.open) dialog.showModal();
    if (!drawerOpen && dialog.open) dialog.close();
  }, [drawerOpen]);
  // A navigation from the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change on purpose
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  return (
    <div className="min-h-screen bg-base-200 text-base-content lg:grid lg:grid-cols-[16rem_1fr]">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn btn-sm"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-dvh border-r border-base-300 bg-base-100 lg:block">
        <Sidebar className="h-full" />
      </aside>
      <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-base-300 bg-base-100/95 px-3 py-2 backdrop-blur lg:hidden">
        <HydrationGate>
          <button
            type="button"
            className="btn btn-ghost btn-square"
            aria-label="Open dashboard menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden="true" />
          </button>
        </HydrationGate>
        <Brand />
        <div className="ml-auto">
          <ThemeToggle />
        </div>
      </header>
      <dialog
        ref={drawer}
        className="modal modal-start lg:hidden"
        aria-label="Dashboard menu"
        onClose={() => setDrawerOpen(false)}
        onKeyDown={keepFocusInside}
      >
        {/* As tall as the screen as it is now (dvh), not as it could be once the browser's toolbars hide
            (vh): the drawer, Logout at its foot included, fits without scrolling. */}
        <div className="modal-box flex h-dvh w-72 max-w-[85vw] flex-col p-0">
          <div className="flex shrink-0 justify-end p-2">
            <HydrationGate>
              <button
                type="button"
                className="btn btn-ghost btn-square btn-sm"
                aria-label="Close dashboard menu"
                onClick={() => setDrawerOpen(false)}
              >
                <X aria-hidden="true" />
              </button>
            </HydrationGate>
          </div>
          {/* The sections and the account share what is left under the close button, scrolling only on
              a screen too short for them. */}
          <Sidebar className="min-h-0 flex-1 overflow-y-auto" />
        </div>
        {/* A tap outside the drawer closes it. */}
        <form method="dialog" className="modal-backdrop">
          <HydrationGate>
            <button type="submit" tabIndex={-1}>
              Close
            </button>
          </HydrationGate>
        </form>
      </dialog>
      <main id="main" className="min-w-0 px-4 py-6 md:px-8 md:py-8">
        <div className="mx-auto max-w-6xl">
          <Outlet />
        </div>
      </main>
      <ScrollRestoration />
    </div>
  );
}

/**
 * Tab from the drawer's last control goes to its first, Shift+Tab from the first to the last: a modal
 * dialog keeps the page behind inert, but the browser would still let focus leave for its own toolbar.
 */
function keepFocusInside(event: React.KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), [tabindex='0']"),
  ).filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  }
}

function Brand() {
  return (
    <Link to={paths.home.getHref()} className="flex items-center gap-2 font-bold text-primary">
      <Sprout aria-hidden="true" className="size-6 shrink-0" />
      <span>Gardening Community</span>
    </Link>
  );
}

function Sidebar({ className }: { className: string }) {
  const { user } = useUser();
  const waiting = useModerationWaiting();
  const logout = useLogout();
  return (
    <div className={`flex flex-col gap-4 p-4 ${className}`}>
      <div className="hidden lg:block">
        <Brand />
      </div>
      <nav aria-label="Dashboard">
        <ul className="menu w-full gap-1 px-0">
          {[
            ...SECTIONS,
            ...(user
              ? [{ to: paths.myReports.getHref(), label: "Your reports", icon: Flag, end: false }]
              : []),
            ...(user && user.role !== "member"
              ? [
                  {
                    to: paths.moderation.getHref(),
                    label: moderationLabel(waiting),
                    icon: ShieldCheck,
                    end: false,
                  },
                ]
              : []),
          ].map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) => (isActive ? "menu-active nav-current" : "")}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-auto flex flex-col gap-3 border-t border-base-300 pt-4">
        {user && (
          <Link
            to={paths.profile.getHref()}
            className="flex min-w-0 items-center gap-3 rounded-field p-1 hover:bg-base-200"
          >
            <Avatar src={user.image} photo={user.photo} name={`${user.name}`} size={40} />
            <span className="min-w-0">
              <span className="block truncate font-medium" dir="auto">
                {user.name}
              </span>
              <span className="block truncate text-xs text-base-content/70">{user.email}</span>
            </span>
          </Link>
        )}
        <div className="flex items-center gap-2">
          <SidebarButton onClick={() => logout.mutate()} disabled={logout.isPending}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </SidebarButton>
          <span className="hidden lg:inline-flex">
            <ThemeToggle />
          </span>
        </div>
      </div>
    </div>
  );
}

function SidebarButton({
  children,
  onClick,
  disabled,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <HydrationGate>
      <button type="button" className="btn btn-outline btn-sm flex-1" onClick={onClick} disabled={disabled}>
        {children}
      </button>
    </HydrationGate>
  );
}
