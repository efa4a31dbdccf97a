import { z } from 'zod';
import { EMAIL_TEMPLATE_TYPES, SUPPORT_CATEGORIES, SUPPORT_PRIORITIES, type SupportCategory, type SupportPriority } from '../enums.ts';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_MIN,
  SUPPORT_SUBJECT_MAX,
  SUPPORT_RESPONSE_MAX,
  TEMPLATE_HTML_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBJECT_MAX,
} from '../limits.ts';
import { ADMIN_MSG } from '../messages/admin.ts';
import { COMMON_MSG } from '../messages/common.ts';
import { SUPPORT_MSG } from '../messages/support.ts';
import { charCount } from './fields.ts';

/** Absent or blank means the default (the form always sends one; other clients may not). */
const withDefault = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema);

/**
 * POST /api/support-requests (docs/product-spec.md section 5, Support form). Subject and message are trimmed; the
 * message keeps its line breaks. "less than 200" in the spec's text, 1 to 200 in its limits: 200 is allowed.
 */
export const supportRequestSchema = z
  .object({
    category: withDefault(z.enum(SUPPORT_CATEGORIES, { error: SUPPORT_MSG.supportCategoryInvalid }).default('general')),
    subject: z
      .string({ error: SUPPORT_MSG.supportSubjectRequired })
      .trim()
      .min(1, SUPPORT_MSG.supportSubjectRequired)
      .refine((v) => charCount(v) <= SUPPORT_SUBJECT_MAX, SUPPORT_MSG.supportSubjectTooLong)
      .refine((v) => !/[\p{Cc}]/u.test(v), COMMON_MSG.controlCharacters),
    message: z
      .string({ error: SUPPORT_MSG.supportMessageTooShort })
      .trim()
      .refine((v) => charCount(v) >= SUPPORT_MESSAGE_MIN, SUPPORT_MSG.supportMessageTooShort)
      .refine((v) => charCount(v) <= SUPPORT_MESSAGE_MAX, SUPPORT_MSG.supportMessageTooLong),
    priority: withDefault(z.enum(SUPPORT_PRIORITIES, { error: SUPPORT_MSG.supportPriorityInvalid }).default('normal')),
  })
  .strip();
export type SupportRequestBody = z.infer<typeof supportRequestSchema>;
export interface SupportRequestInput {
  category: SupportCategory;
  subject: string;
  message: string;
  priority?: SupportPriority;
}

/** POST /api/admin/support-requests/{id}/respond: non-blank after trimming, stored trimmed. */
export const supportResponseSchema = z
  .object({
    response: z
      .string({ error: ADMIN_MSG.supportResponseRequired })
      .trim()
      .min(1, ADMIN_MSG.supportResponseRequired)
      .refine((v) => charCount(v) <= SUPPORT_RESPONSE_MAX, ADMIN_MSG.supportResponseTooLong),
  })
  .strip();
export type SupportResponseBody = z.infer<typeof supportResponseSchema>;

/**
 * PUT /api/admin/email-templates/{templateType}. The path names the template; a body templateType
 * that disagrees is refused. Whether the placeholders parse and name known variables is the
 * service's check (it knows each type's variables): ADMIN_MSG.templateUnclosed / templateUnknownVariable.
 */
export const emailTemplateSchema = z
  .object({
    templateType: z.enum(EMAIL_TEMPLATE_TYPES, { error: ADMIN_MSG.templateTypeInvalid }).optional(),
    templateName: z
      .string({ error: ADMIN_MSG.templateNameRequired })
      .trim()
      .min(1, ADMIN_MSG.templateNameRequired)
      .refine((v) => charCount(v) <= TEMPLATE_NAME_MAX, ADMIN_MSG.templateNameTooLong),
    subjectTemplate: z
      .string({ error: ADMIN_MSG.templateSubjectRequired })
      .trim()
      .min(1, ADMIN_MSG.templateSubjectRequired)
      .refine((v) => charCount(v) <= TEMPLATE_SUBJECT_MAX, ADMIN_MSG.templateSubjectTooLong)
      .refine((v) => !/[\r\n]/.test(v), ADMIN_MSG.templateSubjectOneLine),
    htmlTemplate: z
      .string({ error: ADMIN_MSG.templateHtmlRequired })
      .refine((v) => v.trim().length > 0, ADMIN_MSG.templateHtmlRequired)
      .refine((v) => charCount(v) <= TEMPLATE_HTML_MAX, ADMIN_MSG.templateHtmlTooLong),
  })
  .strip();
export type EmailTemplateBody = z.infer<typeof emailTemplateSchema>;
