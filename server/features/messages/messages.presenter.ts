import type { CrewMember, DirectMessage, MessageUser } from '#protocol/shapes.ts';
import type { CrewRow, MessageRow } from './messages.queries.ts';

/** The pool returns times as PostgreSQL's text (db/kysely.ts); the API sends ISO strings. */
const iso = (t: string) => new Date(t).toISOString();

export function presentMessageUser(
  u: Pick<MessageUser, 'id' | 'firstName' | 'lastName' | 'profileImageUrl' | 'employeeNumber'>,
): MessageUser {
  return { id: u.id, firstName: u.firstName, lastName: u.lastName, profileImageUrl: u.profileImageUrl, employeeNumber: u.employeeNumber };
}

/**
 * A message as `viewerId` sees it: the client key is the sender's own (their tabs match their
 * pending sends by it), so the recipient gets null.
 */
export function presentMessage(m: MessageRow, viewerId: number): DirectMessage {
  return {
    id: m.id,
    fromUserId: m.fromUserId,
    toUserId: m.toUserId,
    fromUser: {
      id: m.fromUserId,
      firstName: m.fromFirstName,
      lastName: m.fromLastName,
      profileImageUrl: m.fromProfileImageUrl,
      employeeNumber: m.fromEmployeeNumber,
    },
    toUser: {
      id: m.toUserId,
      firstName: m.toFirstName,
      lastName: m.toLastName,
      profileImageUrl: m.toProfileImageUrl,
      employeeNumber: m.toEmployeeNumber,
    },
    content: m.content,
    isRead: m.isRead,
    createdAt: iso(m.createdAt),
    attachments: m.attachments.map((a) => ({ id: a.id, filename: a.filename, originalName: a.originalName })),
    clientKey: m.fromUserId === viewerId ? m.clientKey : null,
  };
}

export function presentCrewMember(c: CrewRow): CrewMember {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    employeeNumber: c.employeeNumber,
    airline: c.airline as CrewMember['airline'],
    position: c.position as CrewMember['position'],
    profileImageUrl: c.profileImageUrl,
  };
}
