// Every user-facing text of docs/product-spec.md sections 5 and 8 that server and web share, word for word.
// They live in one file an area under protocol/messages/, so a web screen (and the schemas it uses)
// imports the areas it shows and loads no other (docs/decisions/0039-first-screen-texts.md); MSG holds
// them all, for the server and the tests. A key is in one area only (protocol/messages.test.ts).
import { COMMON_MSG } from './messages/common.ts';
import { ACCOUNT_MSG } from './messages/account.ts';
import { UPLOADS_MSG } from './messages/uploads.ts';
import { REQUESTS_MSG } from './messages/requests.ts';
import { BOARD_MSG } from './messages/board.ts';
import { CHAINS_MSG } from './messages/chains.ts';
import { OFFERS_MSG } from './messages/offers.ts';
import { SCHEDULE_MSG } from './messages/schedule.ts';
import { MESSAGING_MSG } from './messages/messaging.ts';
import { SUPPORT_MSG } from './messages/support.ts';
import { ADMIN_MSG } from './messages/admin.ts';
import { DEVICES_MSG } from './messages/devices.ts';

export const MSG = {
  ...COMMON_MSG,
  ...ACCOUNT_MSG,
  ...UPLOADS_MSG,
  ...REQUESTS_MSG,
  ...BOARD_MSG,
  ...CHAINS_MSG,
  ...OFFERS_MSG,
  ...SCHEDULE_MSG,
  ...MESSAGING_MSG,
  ...SUPPORT_MSG,
  ...ADMIN_MSG,
  ...DEVICES_MSG,
} as const;
export type MessageKey = keyof typeof MSG;
