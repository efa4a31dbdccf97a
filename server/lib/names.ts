/** "First Last", or whichever of the two is known: how every screen, mail and log names a person. */
export const fullName = (u: { firstName: string | null; lastName: string | null }) => [u.firstName, u.lastName].filter(Boolean).join(' ');
