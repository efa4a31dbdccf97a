export * from './auth.ts';
export * from './profile.ts';
export * from './requests.ts';
