import type { EntityManager } from '@mikro-orm/postgresql';
import { MAX_SCHEDULE_IMAGES } from '#protocol/limits.ts';
import { mapPage, pageFrom, timeKeys, type Page, type TimeCursor } from '../../db/paging.ts';
import { MSG } from '#protocol/messages.ts';
import type { ScheduleImageItem } from '#protocol/shapes.ts';
import { lockAccount } from '../../db/account-lock.ts';
import type { Deps } from '../../deps.ts';
import { invalid, notFound } from '../../http/errors.ts';
import type { StoredUpload } from '../../storage/file-store.ts';
import type { UserRecord } from '../user-kernel/user.presenter.ts';
import { presentScheduleImage } from './schedule.presenter.ts';
import { deleteOwnScheduleImage, insertScheduleImage, ownScheduleImages, scheduleImageCount } from './schedule.queries.ts';

type ScheduleDeps = Pick<Deps, 'events'>;

/** A user's schedule screenshots (docs/product-spec.md sections 2 and 7): their own to add and remove; colleagues see them on the profile. */
export class ScheduleService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: ScheduleDeps,
  ) {}

  /** A page of the caller's schedule images, newest first. */
  async list(user: UserRecord, cursor?: TimeCursor): Promise<Page<ScheduleImageItem>> {
    return mapPage(pageFrom(await ownScheduleImages(this.em, user.id, cursor), timeKeys), presentScheduleImage);
  }

  /** Refuses before an upload is read when the user already keeps MAX_SCHEDULE_IMAGES (add checks again, locked). */
  async requireRoom(user: UserRecord): Promise<void> {
    if ((await scheduleImageCount(this.em, user.id)) >= MAX_SCHEDULE_IMAGES) throw invalid(MSG.tooManyScheduleImages, 'schedule');
  }

  /** One stored, sniffed image becomes the user's newest schedule image, up to MAX_SCHEDULE_IMAGES of them. */
  async add(user: UserRecord, image: StoredUpload): Promise<ScheduleImageItem> {
    return this.deps.events.transaction(this.em, async (em) => {
      await lockAccount(em, 'schedule', user.id);
      if ((await scheduleImageCount(em, user.id)) >= MAX_SCHEDULE_IMAGES) throw invalid(MSG.tooManyScheduleImages, 'schedule');
      return presentScheduleImage(await insertScheduleImage(em, user.id, image));
    });
  }

  /** Owner only: another user's id is not found. The file leaves the disk after the commit. */
  async remove(user: UserRecord, id: number): Promise<void> {
    await this.deps.events.transaction(this.em, async (em, events) => {
      const filename = await deleteOwnScheduleImage(em, id, user.id);
      if (filename === undefined) throw notFound(MSG.scheduleImageNotFound);
      events.record({ type: 'files.released', filenames: [filename] });
    });
  }
}
