import { useParams } from "react-router";
import { ResendVerification } from "#web/features/auth/components/resend-verification.tsx";
import { EditTip } from "#web/features/tips/components/edit-tip.tsx";

export function UpdateTipRoute() {
  const { id = "" } = useParams();
  return <EditTip id={id} confirmEmail={<ResendVerification />} />;
}
