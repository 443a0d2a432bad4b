import { useParams } from "react-router";
import { GardenerProfile } from "#web/features/gardeners/components/gardener-profile.tsx";

export function GardenerRoute() {
  const { handle = "" } = useParams();
  return <GardenerProfile handle={handle} />;
}
