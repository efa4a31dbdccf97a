/**
 * The variables docs/product-spec.md lists for the e-mail templates (Email Templates tab), read from
 * the spec here on purpose rather than imported from protocol/templates.ts: the tests hold the
 * product's lists to the spec, so they must not share the list they check.
 */
export const SPEC_VARIABLES = [
  'recipientName',
  'senderName',
  'route',
  'date',
  'base',
  'position',
  'employeeNumber',
  'matchedUserName',
  'userAction',
  'userRoute',
  'userDate',
  'matchedAction',
  'matchedRoute',
  'matchedDate',
  'matchedBase',
  'matchedPosition',
  'matchedEmployeeNumber',
] as const;
