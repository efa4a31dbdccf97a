// The scale goals of docs/ARCHITECTURE.md section 10, judged in the sitting that measured them: each
// figure beside its yardstick (the limit route or bare server run in the same sitting), the ratio
// and the budget, so one run of the bench says which goals hold on this machine today.

export interface Goal {
  /** Which budget: "creates p99", "board round 2, second page p99", ... */
  goal: string;
  figure: number;
  /** The limit route's figure in the same sitting; null where the budget is absolute (a stall, a byte count). */
  yardstick: number | null;
  unit: 'ms' | 'MB' | 'KB' | 'req/s' | 'deliveries' | 'score';
  budget: string;
  met: boolean;
}

/** "within `factor`x of the yardstick + `plus`": the latency budgets (a ratio, with room for a fast yardstick). */
export function within(goal: string, figure: number, yardstick: number, factor: number, plus = 0, unit: Goal['unit'] = 'ms'): Goal {
  return {
    goal,
    figure,
    yardstick,
    unit,
    budget: plus ? `<= ${factor}x + ${plus} ${unit}` : `<= ${factor}x`,
    met: figure <= yardstick * factor + plus,
  };
}

/** An absolute ceiling (no stall over 20 ms, at most 70 KB). */
export function atMost(goal: string, figure: number, limit: number, unit: Goal['unit']): Goal {
  return { goal, figure, yardstick: null, unit, budget: `<= ${limit} ${unit}`, met: figure <= limit };
}

const ratio = (g: Goal) => (g.yardstick === null ? '' : g.yardstick > 0 ? `${(g.figure / g.yardstick).toFixed(2)}x` : 'n/a');
const value = (n: number | null, unit: string) => (n === null ? '' : `${n.toLocaleString('en-US')} ${unit}`);

export function formatGoals(goals: readonly Goal[]): string {
  const rows = goals.map(
    (g) =>
      `| ${g.goal} | ${value(g.figure, g.unit)} | ${value(g.yardstick, g.unit)} | ${ratio(g)} | ${g.budget} | ${g.met ? 'yes' : '**no**'} |`,
  );
  const met = goals.filter((g) => g.met).length;
  return [
    '| goal | figure | yardstick, same sitting | ratio | budget | met |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `${met} of ${goals.length} met.`,
  ].join('\n');
}
