import type { Difficulty } from "#shared/constants.ts";

/** Distinct colours for Easy, Medium and Hard (with the word, never colour alone). */
const STYLES: Record<Difficulty, string> = {
  Easy: "badge-success",
  Medium: "badge-warning",
  Hard: "badge-error",
};

export function DifficultyBadge({ difficulty }: { difficulty: Difficulty }) {
  return <span className={`badge badge-sm font-medium ${STYLES[difficulty]}`}>{difficulty}</span>;
}
