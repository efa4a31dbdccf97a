import { z } from 'zod';
import { AIRCRAFT_TYPES, AIRLINES, POSITIONS } from '../enums.ts';
import { MSG } from '../messages.ts';

/** PUT /api/profile and the welcome setup form (which sends the first seven fields only). */
export const profileSchema = z.object({
  firstName: z.string({ error: MSG.firstNameRequired }).trim().min(1, MSG.firstNameRequired).max(100),
  lastName: z.string({ error: MSG.lastNameRequired }).trim().min(1, MSG.lastNameRequired).max(100),
  airline: z.enum(AIRLINES, { error: MSG.airlineRequired }),
  position: z.enum(POSITIONS, { error: MSG.positionRequired }),
  employeeNumber: z.string({ error: MSG.employeeNumberRequired }).trim().min(1, MSG.employeeNumberRequired).max(50),
  base: z.string({ error: MSG.baseRequired }).trim().toUpperCase().min(1, MSG.baseRequired).max(10),
  aircraftType: z.enum(AIRCRAFT_TYPES, { error: MSG.aircraftTypeRequired }),
  emailNotifications: z.boolean().optional(),
});
export type ProfileBody = z.infer<typeof profileSchema>;

export const PROFILE_DEFAULTS = {
  aircraftType: '717',
  airline: 'Delta',
  position: 'captain',
  emailNotifications: true,
} as const;
