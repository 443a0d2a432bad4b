import { useParams } from "react-router";
import { PhotoField } from "#web/components/ui/form/photo-field.tsx";
import { EditTip } from "#web/features/tips/components/edit-tip.tsx";

export function UpdateTipRoute() {
  const { id = "" } = useParams();
  return <EditTip id={id} imageField={PhotoField} />;
}
