// Support requests (docs/product-spec.md sections 5 and 8).
// Part of MSG (protocol/messages.ts); the web imports this file alone for these texts.
export const SUPPORT_MSG = {
  supportCategoryInvalid: 'Please select a category',
  supportSubjectRequired: 'Subject is required',
  supportSubjectTooLong: 'Subject must be less than 200 characters',
  supportMessageTooShort: 'Message must be at least 10 characters',
  supportMessageTooLong: 'Message must be less than 2000 characters',
  supportPriorityInvalid: 'Priority must be low, normal, high or urgent',
  supportRequestNotFound: 'Support request not found',
  supportSent: 'Support Request Sent',
  supportSentText: "We've received your request and will respond within 24 hours.",
  supportSendFailed: 'Failed to send support request. Please try again.',
  supportConfirmTitle: 'Request Sent Successfully',
  supportConfirmText: "Thank you for contacting us. We've received your support request and will respond within 24 hours.",
} as const;
