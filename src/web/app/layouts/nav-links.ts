import { paths } from "#web/config/paths.ts";

export interface NavLinkItem {
  to: string;
  label: string;
  /** Shown only to signed-in users. */
  signedInOnly?: boolean;
}

/** The specification's navigation, shared by the navbar and the mobile menu. */
export const NAV_LINKS: NavLinkItem[] = [
  { to: paths.home.getHref(), label: "Home" },
  { to: paths.exploreGardeners.getHref(), label: "Explore Gardeners" },
  { to: paths.browseTips.getHref(), label: "Browse Tips" },
  { to: paths.shareTip.getHref(), label: "Share a Garden Tip" },
  { to: paths.myTips.getHref(), label: "My Tips" },
  { to: paths.dashboard.root.getHref(), label: "Dashboard", signedInOnly: true },
];
