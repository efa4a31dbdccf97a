// Where a crew profile's Back button leads (docs/product-spec.md section 2). The page the user came from wins when
// the link said so (?from=messages, ?from=matches, ?from=dashboard); without it the route decides:
// /crew/{id} is opened from the tradeboard, /profile/{id} from anywhere else.
export function profileBackPath(pathname: string, search: string, userId: number | string): string {
  const from = new URLSearchParams(search).get('from');
  if (from === 'messages') return `/messages?user=${userId}`;
  if (from === 'matches') return '/matches';
  if (from === 'dashboard') return '/';
  if (pathname.startsWith('/crew/')) return '/all-trades';
  return '/';
}
