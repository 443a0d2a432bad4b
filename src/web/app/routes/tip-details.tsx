import { useParams } from "react-router";
import { CommentsSection } from "#web/features/comments/components/comments-section.tsx";
import { TipDetails } from "#web/features/tips/components/tip-details.tsx";

/** A tip's page, its comments under it. */
export function TipDetailsRoute() {
  const { id = "" } = useParams();
  return <TipDetails id={id} below={(tip) => <CommentsSection tip={tip} />} />;
}
