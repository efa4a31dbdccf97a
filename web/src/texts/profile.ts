// A crew member's profile.
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).

export const PROFILE_TEXT = {
  goBack: 'Go Back',
  profileScheduleHeading: 'Schedule',
  profileNoSchedule: 'No schedule images shared yet',
  profileManageSchedule: 'Manage Schedule',
  profileRequestTrade: 'Request Trade',
  employeeNumber: 'Employee Number',
  airline: 'Airline',
  position: 'Position',
} as const;
