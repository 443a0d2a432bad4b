import { Sprout } from "lucide-react";
import { Link } from "react-router";
import { COPYRIGHT_YEAR, SOCIAL_NETWORKS } from "#shared/constants.ts";
import { FRAME } from "#web/components/ui/page-frame.tsx";
import { SocialIcon } from "#web/components/ui/social-icons.tsx";
import { paths } from "#web/config/paths.ts";
import { useConfig } from "#web/hooks/use-config.ts";

const FOOTER_LINKS = [
  { to: paths.home.getHref(), label: "Home" },
  { to: paths.exploreGardeners.getHref(), label: "Explore Gardeners" },
  { to: paths.browseTips.getHref(), label: "Browse Tips" },
  // The route that exists, not the previous version's /share-a-garden-tip, a page it never had.
  { to: paths.shareTip.getHref(), label: "Share a Garden Tip" },
  { to: paths.myTips.getHref(), label: "My Tips" },
  { to: paths.calendar.getHref(), label: "Garden Calendar" },
];

export function Footer() {
  const config = useConfig();
  const social = SOCIAL_NETWORKS.flatMap((network) => {
    const href = config.data?.social[network];
    return href ? [{ network, href }] : [];
  });

  return (
    <footer className="border-t border-base-300 bg-base-200">
      <div className={`${FRAME} flex flex-col gap-6 py-8`}>
        {/*
          Phones: brand and social icons centred, one under the other (the section links are hidden).
          768 to 1279 px: the brand and the icons on one line, the links on a line of their own under them.
          From 1280 px: brand, links and icons on one line. Each line holds a set that fits it, so no
          row breaks halfway through at some width.
        */}
        <div className="flex flex-col items-center gap-4 md:flex-row md:flex-wrap md:justify-between md:gap-x-6">
          <Link
            to={paths.home.getHref()}
            className="flex items-center gap-2 font-bold whitespace-nowrap text-primary"
          >
            <Sprout aria-hidden="true" className="size-6" />
            <span>Gardening Community</span>
          </Link>
          {social.length > 0 && (
            <ul aria-label="Social media" className="flex gap-1 xl:order-last">
              {social.map(({ network, href }) => (
                <li key={network}>
                  <SocialIcon network={network} href={href} />
                </li>
              ))}
            </ul>
          )}
          <nav aria-label="Footer" className="hidden md:block md:w-full xl:w-auto">
            <ul className="flex gap-x-4 whitespace-nowrap lg:gap-x-6">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="link link-hover">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="flex flex-col items-center justify-between gap-3 border-t border-base-300 pt-6 text-sm md:flex-row">
          <p className="text-center">© {COPYRIGHT_YEAR} Gardening Community. All rights reserved.</p>
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 whitespace-nowrap">
            <li>
              <Link to={paths.privacy.getHref()} className="link link-hover">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={paths.terms.getHref()} className="link link-hover">
                Terms of Use
              </Link>
            </li>
            <li>
              <Link to={paths.moderationReport.getHref()} className="link link-hover">
                Moderation report
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
