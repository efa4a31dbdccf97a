import type { Config } from '../config.ts';
import { defineSubscriber } from '../events/event-bus.ts';
import { removeStoredFiles } from './file-store.ts';

/**
 * Files whose rows are gone leave the disk after the commit (never before: a rollback would leave
 * rows naming missing files). A failure here leaves files the sweep removes later.
 */
export const storedFilesSubscriber = (deps: { config: Pick<Config, 'uploadDir'> }) =>
  defineSubscriber({
    name: 'stored-files',
    // A removed photo is gone from its URL once the removal has answered.
    phase: 'reply',
    handles: ['files.released'],
    async handle(events) {
      await removeStoredFiles(
        deps.config,
        events.flatMap((e) => e.filenames),
      );
    },
  });
