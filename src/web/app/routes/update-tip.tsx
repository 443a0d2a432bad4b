import { useParams } from "react-router";
import { EditTip } from "#web/features/tips/components/edit-tip.tsx";

export function UpdateTipRoute() {
  const { id = "" } = useParams();
  return <EditTip id={id} />;
}
