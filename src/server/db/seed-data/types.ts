// The shapes of the demo data, which the seed script turns into rows.
import type { Availability, Category, Difficulty } from "#shared/constants.ts";

export interface SeedGardener {
  name: string;
  image: string;
  status: "active" | "inactive";
  email: string;
  age: number;
  gender: string;
  experiences: string;
  location?: string;
  certifications?: string[];
  gardenName?: string;
  youtube?: string;
}

export interface SeedTip {
  title: string;
  plantType: string;
  difficulty: Difficulty;
  description: string;
  images: string;
  category: Category;
  availability: Availability;
  authorEmail: string;
  totalLiked: number;
  /** ISO 8601 */
  createdAt: string;
}
