import type { BenchContext } from './run.ts';
import { adminScenario } from './scenario-admin.ts';
import { authScenario } from './scenario-auth.ts';
import { boardScenario, mixedScenario } from './scenario-board.ts';
import { chainsScenario } from './scenario-chains.ts';
import { chatScenario } from './scenario-chat.ts';
import { fanoutScenario } from './scenario-fanout.ts';
import { insightsScenario } from './scenario-insights.ts';
import { messagesScenario } from './scenario-messages.ts';
import { offersScenario } from './scenario-offers.ts';
import { createsScenario, growthScenario, requestsScenario } from './scenario-requests.ts';
import { rosterScenario } from './scenario-roster.ts';
import { soakScenario } from './scenario-soak.ts';

export interface Scenario {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<void>;
}

export const scenarios: Scenario[] = [
  authScenario,
  requestsScenario,
  createsScenario,
  growthScenario,
  chainsScenario,
  boardScenario,
  mixedScenario,
  offersScenario,
  rosterScenario,
  chatScenario,
  messagesScenario,
  adminScenario,
  insightsScenario,
  soakScenario,
  fanoutScenario,
];
