/**
 * The matches that involve one user, as SQL. A match references two requests and the user may own
 * either, so the set is the union of two index look-ups (matches_pair_unique leads with
 * request_id; matched_request_id has its own index) rather than an `or` that would scan matches.
 * Each row says which side is the user's (`mine`) and which the other crew member's (`other`).
 *
 * `user` is an SQL expression for the user id: `?` (bind it twice) or a column such as `u.id`.
 */
export function matchesOf(user: string, where = 'true'): string {
  return `
    select m.id, m.status, m.created_at, m.updated_at, m.request_id as mine, m.matched_request_id as other
      from matches m join requests r on r.id = m.request_id where r.user_id = ${user} and (${where})
    union all
    select m.id, m.status, m.created_at, m.updated_at, m.matched_request_id, m.request_id
      from matches m join requests r on r.id = m.matched_request_id where r.user_id = ${user} and (${where})`;
}

/** Pending matches of the user that the user has not acknowledged: the bell's match notifications. */
export function unacknowledgedMatchesOf(user: string): string {
  return matchesOf(
    user,
    `m.status = 'pending' and not exists
       (select 1 from notification_acknowledgments na where na.user_id = ${user} and na.match_id = m.id)`,
  );
}
