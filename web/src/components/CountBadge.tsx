/**
 * A count bubble. The number is hidden from the accessibility tree and offered as the control's
 * description instead (aria-describedby may point at hidden text), so names stay "Matches" etc.
 */
export function CountBadge({ id, count, text }: { id: string; count: number; text: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="count-badge" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span id={id} hidden>
        {text}
      </span>
    </>
  );
}
