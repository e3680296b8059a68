// The rules of the settings forms on /account: names, a new email address, a new password. Lengths
// and formats are sign-up's (schemas.ts); field names are the forms' own.
import { z } from "zod";
import { EmailRule, PASSWORD_MIN_LENGTH } from "./schemas.ts";

const fullName = z
  .string({ required_error: "Enter your full name" })
  .trim()
  .min(1, "Enter your full name")
  .max(120, "Use at most 120 characters");

export const CandidateNamesSchema = z.object({ full_name: fullName });

export const EmployerNamesSchema = z.object({
  full_name: fullName,
  company_name: z
    .string({ required_error: "Enter your company name" })
    .trim()
    .min(1, "Enter your company name")
    .max(160, "Use at most 160 characters"),
});

export type NamesInput = { full_name: string; company_name?: string };

const currentPassword = z
  .string({ required_error: "Enter your current password" })
  .max(128, "Use at most 128 characters");

export const EmailChangeSchema = z.object({
  new_email: EmailRule,
  // Asked only of accounts that have a password (one made through a provider may not).
  current_password: currentPassword.optional(),
  // Asked only when two-factor is on (step-up.ts checks it).
  code: z.string().max(100).optional(),
});

export const PasswordChangeSchema = z.object({
  current_password: currentPassword,
  new_password: z
    .string({ required_error: "Enter a new password" })
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(128, "Use at most 128 characters"),
});
