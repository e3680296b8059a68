// The sign-up and sign-in rules, in one place: the web forms, the CLI and the module itself parse
// with these. Field names are the product's: email, password, full_name, company_name, role.
import { z } from "zod";
import { ROLES } from "./entities.ts";

export const PASSWORD_MIN_LENGTH = 8;

const email = z
  .string({ required_error: "Enter your email address" })
  .trim()
  .toLowerCase()
  .max(254, "Use at most 254 characters")
  .email("Enter a valid email address, like name@example.com");

export const SignUpSchema = z
  .object({
    email,
    password: z
      .string({ required_error: "Enter a password" })
      .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(128, "Use at most 128 characters"),
    full_name: z.string({ required_error: "Enter your full name" }).trim().min(1, "Enter your full name").max(120),
    role: z.enum(ROLES, { errorMap: () => ({ message: "Choose candidate or employer" }) }).default("candidate"),
    company_name: z.string().trim().max(160, "Use at most 160 characters").optional(),
    // The plan named by a pricing link; kept with the account as chosen.
    plan: z
      .string()
      .trim()
      .toLowerCase()
      .max(40)
      .regex(/^[a-z0-9-]+$/, "Unknown plan")
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

export const SignInSchema = z.object({
  email,
  password: z.string({ required_error: "Enter your password" }).max(128),
});
