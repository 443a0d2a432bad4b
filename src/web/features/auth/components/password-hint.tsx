import { PASSWORD_POLICY } from "#shared/schemas/auth.ts";
import { usePasswordPolicy } from "../api/get-password-policy.ts";

/** The password rules, as the server states them (falling back to the shared policy while loading). */
export function PasswordHint() {
  const { data } = usePasswordPolicy();
  const policy = data ?? PASSWORD_POLICY;
  const rules = [`at least ${policy.minLength} characters`];
  if (policy.requireLowercase) rules.push("a lowercase letter");
  if (policy.requireUppercase) rules.push("an uppercase letter");
  if (policy.requireNumeric) rules.push("a number");
  if (policy.requireNonAlphanumeric) rules.push("a symbol");
  return <>Use {rules.join(", ").replace(/, ([^,]*)$/, " and $1")}.</>;
}
