// Contact Support (docs/product-spec.md section 2).
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).

export const SUPPORT_TEXT = {
  contactSupport: 'Contact Support',
  contactSupportSubtitle: 'Tell us what went wrong or what you need. We answer within 24 hours.',
  category: 'Category',
  selectCategory: 'Select a category',
  priority: 'Priority',
  subject: 'Subject',
  message: 'Message',
  sendSupportRequest: 'Send Support Request',
  returnToDashboard: 'Return to Dashboard',
  submitAnotherRequest: 'Submit Another Request',
  yourSupportRequests: 'Your Support Requests',
  noOwnSupportRequests: 'You have not sent any support requests yet.',
  adminResponse: 'Admin Response',
  comingSoon: 'This section is coming soon.',
} as const;
