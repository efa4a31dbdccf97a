import type { EntityManager } from '@mikro-orm/postgresql';
import type { ParameterizedContext } from 'koa';
import type { UserRecord } from '../features/users/user.presenter.ts';

export interface AppState {
  em: EntityManager;
  user?: UserRecord;
  sid?: string;
}

export type AppContext = ParameterizedContext<AppState>;
