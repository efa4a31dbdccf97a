import { z } from 'zod';
import { AIRCRAFT_TYPES, AIRLINES, POSITIONS } from '../enums.ts';
import { BASE_MAX, EMPLOYEE_NUMBER_MAX } from '../limits.ts';
import { ACCOUNT_MSG } from '../messages/account.ts';
import { isTimeZone } from '../rules.ts';
import { firstNameField, lastNameField } from './auth.ts';
import { lineField } from './fields.ts';

/** PUT /api/profile and the welcome setup form (which sends the first seven fields only). */
export const profileSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  airline: z.enum(AIRLINES, { error: ACCOUNT_MSG.airlineRequired }),
  position: z.enum(POSITIONS, { error: ACCOUNT_MSG.positionRequired }),
  employeeNumber: lineField(EMPLOYEE_NUMBER_MAX, {
    required: ACCOUNT_MSG.employeeNumberRequired,
    tooLong: ACCOUNT_MSG.employeeNumberTooLong,
    control: ACCOUNT_MSG.employeeNumberControl,
  }),
  base: lineField(BASE_MAX, {
    required: ACCOUNT_MSG.baseRequired,
    tooLong: ACCOUNT_MSG.baseTooLong,
    control: ACCOUNT_MSG.baseControl,
  }).transform((v) => v.toUpperCase()),
  aircraftType: z.enum(AIRCRAFT_TYPES, { error: ACCOUNT_MSG.aircraftTypeRequired }),
  emailNotifications: z.boolean().optional(),
  /**
   * The crew member's time zone where the airport table does not know their base (null: UTC);
   * the base's own zone wins wherever the table knows it (docs/decisions/0024).
   */
  timeZone: z.string().max(64).refine(isTimeZone, { error: ACCOUNT_MSG.timeZoneInvalid }).nullable().optional(),
});
export type ProfileBody = z.infer<typeof profileSchema>;

export const PROFILE_DEFAULTS = {
  aircraftType: '717',
  airline: 'Delta',
  position: 'captain',
  emailNotifications: true,
} as const;
