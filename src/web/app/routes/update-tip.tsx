import { useParams } from "react-router";
import { EditTip } from "#web/features/tips/components/edit-tip.tsx";
import { PhotoField } from "#web/features/uploads/components/photo-field.tsx";

export function UpdateTipRoute() {
  const { id = "" } = useParams();
  return <EditTip id={id} imageField={PhotoField} />;
}
