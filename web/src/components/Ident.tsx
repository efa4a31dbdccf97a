// An identifier (employee number, e-mail address) that never breaks inside (docs/decisions/0025: "#live-" /
// "b3130d"): it moves to the next line whole, and only where even a whole line is too narrow is it
// cut with an ellipsis, its full text kept in the title and for assistive tech.
export function Ident({ value, prefix = '' }: { value: string; prefix?: string }) {
  return (
    <span className="ident" title={`${prefix}${value}`}>
      {prefix}
      {value}
    </span>
  );
}
