// The crew member's today is their base's (docs/decisions/0024); what a date before it is told.
import { shortDate } from './offerText.ts';

/**
 * A date before the crew member's today, which is their base's (docs/decisions/0024): the answer
 * names that day, so a crew member whose base is already a day ahead of them reads why.
 */
export const datePassedText = (today: string) => {
  const day = shortDate(today);
  return `That date has passed: it is already ${day} at your base. Choose ${day} or later.`;
};
