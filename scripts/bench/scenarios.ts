import type { BenchContext } from './run.ts';
import { authScenario } from './scenario-auth.ts';

export interface Scenario {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<void>;
}

export const scenarios: Scenario[] = [authScenario];
