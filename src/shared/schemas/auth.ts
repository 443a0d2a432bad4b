import { z } from "zod";
import { LIMITS, PASSWORD_MIN_LENGTH, ROLES } from "../constants.ts";
import {
  HttpUrlSchema,
  hasControlCharacters,
  hasHiddenFormatting,
  httpUrl,
  NO_CONTROL_CHARACTERS,
  NO_HIDDEN_FORMATTING,
} from "./common.ts";
import { PhotoViewSchema } from "./photo.ts";

/**
 * The specification's password rule: at least 6 characters with one lowercase and one uppercase letter.
 * The server enforces it on sign-up, reset and change; the forms read it for their hints.
 */
export const PASSWORD_POLICY = {
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: 128,
  requireLowercase: true,
  requireUppercase: true,
  requireNumeric: false,
  requireNonAlphanumeric: false,
} as const;
export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
}

export const PasswordPolicySchema = z
  .object({
    minLength: z.number().int(),
    maxLength: z.number().int(),
    requireLowercase: z.boolean(),
    requireUppercase: z.boolean(),
    requireNumeric: z.boolean(),
    requireNonAlphanumeric: z.boolean(),
  })
  .meta({ id: "PasswordPolicy" });

/** Each rule the password breaks, as a sentence a person can act on; empty when it is fine. */
export function passwordProblems(password: string, policy: PasswordPolicy = PASSWORD_POLICY): string[] {
  const problems: string[] = [];
  if (password.length < policy.minLength)
    problems.push(`Password must be at least ${policy.minLength} characters long`);
  if (password.length > policy.maxLength)
    problems.push(`Password must be at most ${policy.maxLength} characters long`);
  if (policy.requireLowercase && !/\p{Ll}/u.test(password))
    problems.push("Password must contain at least one lowercase letter");
  if (policy.requireUppercase && !/\p{Lu}/u.test(password))
    problems.push("Password must contain at least one uppercase letter");
  if (policy.requireNumeric && !/\p{N}/u.test(password))
    problems.push("Password must contain at least one number");
  if (policy.requireNonAlphanumeric && !/[^\p{L}\p{N}]/u.test(password))
    problems.push("Password must contain at least one symbol");
  return problems;
}

const PasswordSchema = z.string().superRefine((password, ctx) => {
  for (const message of passwordProblems(password)) ctx.addIssue({ code: "custom", message });
});

const EmailSchema = z
  .string()
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Enter a valid email address"));

export const DisplayNameSchema = z
  .string()
  .trim()
  .min(LIMITS.displayName.min, "Name is required")
  .max(LIMITS.displayName.max, `Name must be at most ${LIMITS.displayName.max} characters`)
  .refine((value) => !hasControlCharacters(value), `Name ${NO_CONTROL_CHARACTERS}`)
  .refine((value) => !hasHiddenFormatting(value), `Name ${NO_HIDDEN_FORMATTING}`);

/**
 * The one shape of an account on both sides: the session's user (better-auth's names), the server's
 * signed-in caller and the web app's `useUser()`. `image` is the profile photo URL, or null for the
 * default avatar; `emailVerified` is false until the verification link is followed (nothing waits for it,
 * but only a verified account can be joined by a Google sign-in). `role` says whether the account moderates:
 * the web app shows moderation to moderators and administrators, and the server decides again.
 */
export const UserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    /** When the profile photo was uploaded here: its size and narrower copies. */
    photo: PhotoViewSchema.optional(),
    emailVerified: z.boolean(),
    role: z.enum(ROLES),
    /**
     * On hold pending a moderator's decision (spam reports from several members, or a suspension): what
     * the account posted is hidden from others, and it may not post.
     */
    held: z.boolean(),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof UserSchema>;

/**
 * The specification's login rule: at least 6 characters with a lowercase and an uppercase letter.
 * It is fixed, not the sign-up policy: every password an account can have met it when it was chosen, so
 * tightening PASSWORD_POLICY for new passwords never locks out an account made under the older rules.
 */
const LOGIN_PASSWORD_RULE = {
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_POLICY.maxLength,
  requireLowercase: true,
  requireUppercase: true,
  requireNumeric: false,
  requireNonAlphanumeric: false,
} as const satisfies PasswordPolicy;

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z
    .string()
    .min(1, "Password is required")
    .superRefine((password, ctx) => {
      for (const message of passwordProblems(password, LOGIN_PASSWORD_RULE))
        ctx.addIssue({ code: "custom", message });
    }),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/**
 * The sign-up form's hidden field: people never see it, form-filling bots fill it in. A sign-up that
 * carries it filled is answered as if accepted, and no account is made.
 */
export const SIGN_UP_TRAP_FIELD = "website";

export const SignupSchema = z.object({
  name: DisplayNameSchema,
  email: EmailSchema,
  photoUrl: httpUrl("Add the address of your profile photo"),
  password: z.string().min(1, "Password is required").pipe(PasswordSchema),
  terms: z.boolean().refine((accepted) => accepted, "You must accept the Terms of Use and Privacy Policy"),
});

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z
  .object({
    password: z.string().min(1, "Password is required").pipe(PasswordSchema),
    confirmPassword: z.string().min(1, "Confirm the new password"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });

export const ProfileSchema = z.object({
  name: DisplayNameSchema,
  photoUrl: z.union([z.literal(""), HttpUrlSchema]),
});
