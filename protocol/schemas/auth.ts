import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../limits.ts';
import { MSG } from '../messages.ts';
import { lineField } from './fields.ts';

const email = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }));

export const firstNameField = lineField(NAME_MAX, {
  required: MSG.firstNameRequired,
  tooLong: MSG.firstNameTooLong,
  control: MSG.firstNameControl,
});
export const lastNameField = lineField(NAME_MAX, {
  required: MSG.lastNameRequired,
  tooLong: MSG.lastNameTooLong,
  control: MSG.lastNameControl,
});

export const loginSchema = z.object({
  email,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired),
});
export type LoginBody = z.infer<typeof loginSchema>;

const newPassword = z
  .string({ error: MSG.passwordTooShort })
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(PASSWORD_MAX, MSG.passwordTooLong);

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
  .extend({ confirmPassword: z.string().min(1, MSG.confirmPasswordRequired) })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });

export const forgotPasswordSchema = z.object({ email });

const strongPassword = newPassword
  .regex(/[A-Z]/, MSG.passwordUppercase)
  .regex(/[a-z]/, MSG.passwordLowercase)
  .regex(/[0-9]/, MSG.passwordNumber);

export const resetPasswordSchema = z.object({
  token: z.string({ error: MSG.resetTokenMissing }).min(1, MSG.resetTokenMissing).max(200, MSG.resetTokenInvalid),
  newPassword: strongPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;

export const resetFormSchema = z
  .object({ newPassword: strongPassword, confirmPassword: z.string().min(1, MSG.confirmPasswordRequired) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });
