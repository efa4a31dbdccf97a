import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../limits.ts';
import { ACCOUNT_MSG } from '../messages/account.ts';
import { lineField } from './fields.ts';

const email = z
  .string({ error: ACCOUNT_MSG.emailInvalid })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, ACCOUNT_MSG.emailInvalid)
  .pipe(z.email({ error: ACCOUNT_MSG.emailInvalid }));

export const firstNameField = lineField(NAME_MAX, {
  required: ACCOUNT_MSG.firstNameRequired,
  tooLong: ACCOUNT_MSG.firstNameTooLong,
  control: ACCOUNT_MSG.firstNameControl,
});
export const lastNameField = lineField(NAME_MAX, {
  required: ACCOUNT_MSG.lastNameRequired,
  tooLong: ACCOUNT_MSG.lastNameTooLong,
  control: ACCOUNT_MSG.lastNameControl,
});

export const loginSchema = z.object({
  email,
  password: z.string({ error: ACCOUNT_MSG.passwordRequired }).min(1, ACCOUNT_MSG.passwordRequired),
});
export type LoginBody = z.infer<typeof loginSchema>;

const newPassword = z
  .string({ error: ACCOUNT_MSG.passwordTooShort })
  .min(PASSWORD_MIN, ACCOUNT_MSG.passwordTooShort)
  .max(PASSWORD_MAX, ACCOUNT_MSG.passwordTooLong);

/** POST /api/register: the server's body has no confirmPassword. */
export const registerSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email,
  password: newPassword,
});
export type RegisterBody = z.infer<typeof registerSchema>;

/** The signup form adds the confirmation. */
export const signupFormSchema = registerSchema
  .extend({ confirmPassword: z.string().min(1, ACCOUNT_MSG.confirmPasswordRequired) })
  .refine((v) => v.password === v.confirmPassword, { message: ACCOUNT_MSG.passwordsDontMatch, path: ['confirmPassword'] });

export const forgotPasswordSchema = z.object({ email });

const strongPassword = newPassword
  .regex(/[A-Z]/, ACCOUNT_MSG.passwordUppercase)
  .regex(/[a-z]/, ACCOUNT_MSG.passwordLowercase)
  .regex(/[0-9]/, ACCOUNT_MSG.passwordNumber);

export const resetPasswordSchema = z.object({
  token: z.string({ error: ACCOUNT_MSG.resetTokenMissing }).min(1, ACCOUNT_MSG.resetTokenMissing).max(200, ACCOUNT_MSG.resetTokenInvalid),
  newPassword: strongPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;

export const resetFormSchema = z
  .object({ newPassword: strongPassword, confirmPassword: z.string().min(1, ACCOUNT_MSG.confirmPasswordRequired) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: ACCOUNT_MSG.passwordsDontMatch, path: ['confirmPassword'] });
