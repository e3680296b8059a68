// The sign-up and sign-in rules, in one place: the web forms, the CLI and the module itself parse
// with these. Field names are the product's: email, password, full_name, company_name, role.
import { z } from "zod";
import { planSlug } from "../billing-plans/index.server.ts";
import { ROLES } from "./entities.ts";

export const PASSWORD_MIN_LENGTH = 8;

const email = z
  .string({ required_error: "Enter your email address" })
  .trim()
  .toLowerCase()
  .max(254, "Use at most 254 characters")
  .email("Enter a valid email address, like name@example.com");

// A new password: at sign-up, and when a reset link sets one.
const newPassword = z
  .string({ required_error: "Enter a password" })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(128, "Use at most 128 characters");

export const SignUpSchema = z
  .object({
    email,
    password: newPassword,
    // Optional: an empty name is stored as absent and the email is shown instead.
    full_name: z.string().trim().max(120, "Use at most 120 characters").optional(),
    role: z.enum(ROLES, { errorMap: () => ({ message: "Choose candidate or employer" }) }).default("candidate"),
    company_name: z.string().trim().max(160, "Use at most 160 characters").optional(),
    // The plan named by a pricing link; kept with the account as chosen.
    plan: z
      .string()
      .max(40)
      .transform(planSlug)
      .pipe(z.string().regex(/^[a-z0-9-]*$/, "Unknown plan"))
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.role === "employer" && !value.company_name) {
      ctx.addIssue({ code: "custom", path: ["company_name"], message: "Enter your company name" });
    }
  })
  // Company names belong to employers only.
  .transform((value) => ({ ...value, company_name: value.role === "employer" ? value.company_name : undefined }));

export type SignUpInput = z.input<typeof SignUpSchema>;

/**
 * The sign-up form's rules: the spec asks every person for their full name, and the form names
 * every missing or wrong field at once (an intersection checks both halves even when one fails,
 * where a refinement of one object would wait for its fields to pass first).
 */
export const SignUpFormSchema = z.intersection(
  z.object({
    email,
    password: newPassword,
    full_name: z
      .string({ required_error: "Enter your full name" })
      .trim()
      .min(1, "Enter your full name")
      .max(120, "Use at most 120 characters"),
    plan: z.string().max(40).optional(),
  }),
  z
    .object({
      role: z.enum(ROLES, { errorMap: () => ({ message: "Choose candidate or employer" }) }).default("candidate"),
      company_name: z.string().trim().max(160, "Use at most 160 characters").optional(),
    })
    .superRefine((value, ctx) => {
      if (value.role === "employer" && !value.company_name)
        ctx.addIssue({ code: "custom", path: ["company_name"], message: "Enter your company name" });
    }),
);

/**
 * The sign-up form of someone invited to a company's team: their name and a password. The address
 * is the invitation's and the company is the inviter's, so neither is asked.
 */
export const InvitedSignUpFormSchema = z.object({
  password: newPassword,
  full_name: z
    .string({ required_error: "Enter your full name" })
    .trim()
    .min(1, "Enter your full name")
    .max(120, "Use at most 120 characters"),
});

export const SignInSchema = z.object({
  email,
  password: z.string({ required_error: "Enter your password" }).max(128),
});

/** The sign-up email rule, for forms that take a new address later (/account). */
export const EmailRule = email;
/** "Forgot password?": the address to send a reset link to. */
export const ForgotPasswordSchema = z.object({ email });

/** A visitor's name and address on an application made before an account (applications, decision 080). */
export const ApplicantDetailsSchema = z.object({
  full_name: z
    .string({ required_error: "Enter your full name" })
    .trim()
    .min(1, "Enter your full name")
    .max(120, "Use at most 120 characters"),
  email,
});

/** The held application's link: a password to set now, or none (the reset flow sets one later). */
export const OptionalPasswordSchema = z.object({
  password: z.preprocess((v) => (v === "" ? undefined : v), newPassword.optional()),
});

/** The reset link's form: the new password, by the sign-up rules. */
export const ResetPasswordSchema = z.object({ password: newPassword });
