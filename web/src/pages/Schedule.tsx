// /schedule (docs/product-spec.md sections 2, 5 and 7): upload schedule screenshots by drag and drop or the file
// picker (one call per file, images only by the spec's type rule), and the user's images, newest
// first, each opening the lightbox and removable after a confirmation. Back goes to /.
import { useEffect, useMemo, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { AppLink } from '../app/AppLink.tsx';
import { SCHEDULE_MSG } from '#protocol/messages/schedule.ts';
import { UPLOADS_MSG } from '#protocol/messages/uploads.ts';
import { isScheduleImageFile, SCHEDULE_INVALID_TYPE } from '#protocol/schemas/schedule.ts';
import { serverMessage } from '../api/client.ts';
import { LoadMore } from '../components/LoadMore.tsx';
import { ScheduleImageGrid, type ScheduleImage } from '../components/ScheduleImageGrid.tsx';
import { countText } from '../lib/format.ts';
import { imageTooLargeText } from '../lib/imageUploads.ts';
import { BackIcon, UploadIcon } from '../components/ScheduleIcons.tsx';
import { confirmThenAct } from '../hooks/useConfirmAction.ts';
import { newestFirst, useScheduleStore } from '../stores/useScheduleStore.ts';
import { toast } from '../stores/useToastStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { SCHEDULE_TEXT } from '../texts/schedule.ts';

const uploadedText = (n: number) => `${n} schedule ${n === 1 ? 'image' : 'images'} uploaded`;
const uploadingText = (n: number) => `Uploading ${n} ${n === 1 ? 'image' : 'images'}...`;

function UploadCard() {
  const [uploading, setUploading] = useState(0);

  async function send(files: File[]) {
    if (files.length === 0) return;
    // Any file outside the rule stops the whole pick: nothing is sent, and the toast says why.
    if (!files.every(isScheduleImageFile)) {
      toast({ ...SCHEDULE_INVALID_TYPE, variant: 'destructive' });
      return;
    }
    // So does an image over the server's limit, by name and size, before anything is sent.
    const tooLarge = imageTooLargeText(files);
    if (tooLarge) {
      toast({ title: UPLOADS_MSG.imageTooLargeTitle, description: tooLarge, variant: 'destructive' });
      return;
    }
    setUploading(files.length);
    try {
      const n = await useScheduleStore.getState().upload(files);
      toast({ title: SCHEDULE_MSG.scheduleUploadedTitle, description: uploadedText(n) });
    } catch (err) {
      // The server's reason for the first file it refused (the others were still sent).
      toast({
        title: SCHEDULE_MSG.scheduleUploadFailedTitle,
        description: serverMessage(err) ?? SCHEDULE_MSG.scheduleUploadFailed,
        variant: 'destructive',
      });
    } finally {
      setUploading(0);
    }
  }

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    // The page applies the spec's rule itself (a HEIC often comes with no type), so every dropped
    // file is handed over, accepted or not.
    onDrop: (accepted, rejected) => void send([...accepted, ...rejected.map((r) => r.file)]),
    noClick: true,
    noKeyboard: true,
    disabled: uploading > 0,
  });

  return (
    <section className="card" aria-labelledby="schedule-upload-heading">
      <h2 id="schedule-upload-heading" className="card-title">
        {SCHEDULE_TEXT.scheduleUploadHeading}
      </h2>
      <div
        {...getRootProps({
          className: `drop-zone schedule-drop${isDragActive ? ' is-dragging' : ''}`,
          role: 'group',
          'aria-label': SCHEDULE_TEXT.scheduleDropHere,
        })}
      >
        <input {...getInputProps({ accept: 'image/*,.heic,.heif', 'aria-label': SCHEDULE_TEXT.scheduleFileInput })} />
        <span className="schedule-drop-icon">
          <UploadIcon />
        </span>
        <p className="schedule-drop-title">{isDragActive ? SCHEDULE_TEXT.scheduleDropActive : SCHEDULE_TEXT.scheduleDropHere}</p>
        <p className="small">{SCHEDULE_TEXT.scheduleFileHint}</p>
        <button type="button" className="button button-primary" onClick={open} disabled={uploading > 0}>
          {SCHEDULE_TEXT.scheduleChooseFiles}
        </button>
      </div>
      {uploading > 0 && (
        <p className="schedule-uploading" role="status">
          <span className="spinner" aria-hidden="true" />
          {uploadingText(uploading)}
        </p>
      )}
    </section>
  );
}

function ImagesCard() {
  const items = useScheduleStore((s) => s.items);
  const loaded = useScheduleStore((s) => s.loaded);
  const error = useScheduleStore((s) => s.error);
  const next = useScheduleStore((s) => s.next);
  const loadingMore = useScheduleStore((s) => s.loadingMore);
  const images = useMemo(() => newestFirst(items), [items]);
  const [deleting, setDeleting] = useState<ReadonlySet<number>>(() => new Set());

  function remove(image: ScheduleImage): Promise<void> {
    return confirmThenAct({
      ask: {
        title: SCHEDULE_TEXT.scheduleDeleteTitle,
        description: SCHEDULE_TEXT.scheduleDeleteConfirm,
        confirmLabel: COMMON_TEXT.delete,
        destructive: true,
      },
      act: async () => {
        setDeleting((set) => new Set(set).add(image.id));
        await useScheduleStore.getState().delete(image.id);
        return { title: SCHEDULE_TEXT.scheduleDeleted };
      },
      failed: SCHEDULE_TEXT.scheduleDeleteFailed,
      settled: () =>
        setDeleting((set) => {
          const next = new Set(set);
          next.delete(image.id);
          return next;
        }),
    });
  }

  return (
    <section className="card" aria-labelledby="schedule-images-heading">
      <div className="card-header">
        <h2 id="schedule-images-heading" className="card-title">
          {SCHEDULE_TEXT.scheduleImagesHeading}
        </h2>
        {loaded && !error && images.length > 0 && <span className="schedule-count muted small">{countText(images.length, next)}</span>}
      </div>
      {!loaded ? (
        <p className="empty-text" role="status">
          {COMMON_TEXT.loading}
        </p>
      ) : error && images.length === 0 ? (
        <div className="empty-state">
          <p>{SCHEDULE_TEXT.scheduleLoadFailed}</p>
          <button type="button" className="button button-outline" onClick={() => void useScheduleStore.getState().fetch()}>
            {SCHEDULE_TEXT.scheduleRetry}
          </button>
        </div>
      ) : images.length === 0 ? (
        <div className="empty-state schedule-empty">
          <h3>{SCHEDULE_TEXT.scheduleEmpty}</h3>
          <p>{SCHEDULE_TEXT.scheduleEmptyHint}</p>
        </div>
      ) : (
        <ScheduleImageGrid
          images={images}
          label={SCHEDULE_TEXT.scheduleImagesHeading}
          onDelete={(image) => void remove(image)}
          deleting={deleting}
        />
      )}
      {loaded && (
        <LoadMore
          next={next}
          loading={loadingMore}
          onMore={() =>
            void useScheduleStore
              .getState()
              .loadMore()
              .catch(() => undefined)
          }
        />
      )}
    </section>
  );
}

export default function Schedule() {
  useEffect(() => {
    void useScheduleStore.getState().fetch();
  }, []);

  return (
    <div className="page-inner">
      <div className="back-row">
        <AppLink to="/" className="button button-ghost button-sm back-link">
          <BackIcon />
          {COMMON_TEXT.back}
        </AppLink>
      </div>
      <div className="page-header">
        <div>
          <h1>{SCHEDULE_TEXT.scheduleTitle}</h1>
          <p className="page-subtitle">{SCHEDULE_TEXT.scheduleSubtitle}</p>
        </div>
      </div>
      <UploadCard />
      <ImagesCard />
    </div>
  );
}
