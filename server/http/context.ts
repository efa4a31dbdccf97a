import type { EntityManager } from '@mikro-orm/postgresql';
import type { ParameterizedContext } from 'koa';
import type { UserRecord } from '../db/user-record.ts';

export interface AppState {
  em: EntityManager;
  user?: UserRecord;
  sid?: string;
}

export type AppContext = ParameterizedContext<AppState>;
