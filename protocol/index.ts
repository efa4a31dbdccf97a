export * from './enums.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './shapes.ts';
export * from './events.ts';
export * from './schemas/index.ts';
export * from './uploads.ts';
