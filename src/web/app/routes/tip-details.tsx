import { useParams } from "react-router";
import { TipDetails } from "#web/features/tips/components/tip-details.tsx";

export function TipDetailsRoute() {
  const { id = "" } = useParams();
  return <TipDetails id={id} />;
}
