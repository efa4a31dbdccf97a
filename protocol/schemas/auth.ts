import { z } from 'zod';
import { PASSWORD_MIN } from '../limits.ts';
import { MSG } from '../messages.ts';

const email = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: MSG.emailInvalid }));

export const loginSchema = z.object({
  email,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired),
});
export type LoginBody = z.infer<typeof loginSchema>;

/** POST /api/register: the server's body has no confirmPassword. */
export const registerSchema = z.object({
  firstName: z.string({ error: MSG.firstNameRequired }).trim().min(1, MSG.firstNameRequired).max(100),
  lastName: z.string({ error: MSG.lastNameRequired }).trim().min(1, MSG.lastNameRequired).max(100),
  email,
  password: z.string({ error: MSG.passwordTooShort }).min(PASSWORD_MIN, MSG.passwordTooShort).max(256),
});
export type RegisterBody = z.infer<typeof registerSchema>;

/** The signup form adds the confirmation. */
export const signupFormSchema = registerSchema
  .extend({ confirmPassword: z.string().min(1, MSG.confirmPasswordRequired) })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });

export const forgotPasswordSchema = z.object({ email });

const strongPassword = z
  .string({ error: MSG.passwordTooShort })
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(256)
  .regex(/[A-Z]/, MSG.passwordUppercase)
  .regex(/[a-z]/, MSG.passwordLowercase)
  .regex(/[0-9]/, MSG.passwordNumber);

export const resetPasswordSchema = z.object({
  token: z.string({ error: MSG.resetTokenMissing }).min(1, MSG.resetTokenMissing),
  newPassword: strongPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;

export const resetFormSchema = z
  .object({ newPassword: strongPassword, confirmPassword: z.string().min(1, MSG.confirmPasswordRequired) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });
