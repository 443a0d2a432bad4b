import { Sprout } from "lucide-react";
import { MessagePage } from "#web/components/ui/message-page.tsx";
import { paths } from "#web/config/paths.ts";

export function NotFoundRoute() {
  return (
    <MessagePage
      icon={<Sprout aria-hidden="true" className="size-16 text-primary" />}
      badge="404"
      headTitle="Page Not Found"
      description="The page you asked for does not exist on Gardening Community."
      // The spec's one sentence, read as one: the second half is a quieter line of the same heading.
      title={
        <>
          The page cannot be found.{" "}
          <span className="mt-2 block text-base font-normal text-base-content/80">
            The requested URL was not found on this server.
          </span>
        </>
      }
      action={{ to: paths.home.getHref(), label: "Back to Home" }}
    />
  );
}
