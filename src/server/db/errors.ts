/**
 * The constraint a PostgreSQL foreign_key_violation (23503) names, through either driver and however the
 * query builder wrapped it ("" when the error names none); null for any other error.
 */
export function violatedForeignKey(error: unknown): string | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === "23503") return typeof constraint === "string" ? constraint : "";
  }
  return null;
}
