export * from './auth.ts';
export * from './profile.ts';
export * from './requests.ts';
export * from './offers.ts';
export * from './schedule.ts';
export * from './messages.ts';
export * from './support.ts';
export * from './push.ts';
