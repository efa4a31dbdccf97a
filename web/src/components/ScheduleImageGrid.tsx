// Schedule screenshots as a grid of tiles (the schedule page and crew profiles): each opens the
// lightbox; the owner's tiles also carry a delete control. Broken images are left out (docs/product-spec.md section 8).
import { format } from 'date-fns';
import { useState } from 'react';
import type { ImageRef } from '#protocol/shapes.ts';
import { Lightbox } from './Lightbox.tsx';
import { TrashIcon } from './Icons.tsx';
import './schedule-images.css';
import { thumbnailUrl } from '#protocol/uploads.ts';

export interface ScheduleImage {
  id: number;
  filename: string;
  originalName: string;
  uploadedAt: string;
}

interface ScheduleImageGridProps {
  images: readonly ScheduleImage[];
  /** Names the list for assistive tech. */
  label: string;
  /** The owner's grid: a delete control per tile. */
  onDelete?: (image: ScheduleImage) => void;
  /** Ids being deleted: their control is disabled meanwhile. */
  deleting?: ReadonlySet<number>;
}

function uploadedOn(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy');
}

export function ScheduleImageGrid({ images, label, onDelete, deleting }: ScheduleImageGridProps) {
  const [broken, setBroken] = useState<ReadonlySet<number>>(() => new Set());
  const [open, setOpen] = useState<ImageRef | null>(null);
  const visible = images.filter((image) => !broken.has(image.id));
  return (
    <>
      <ul className="schedule-grid" aria-label={label}>
        {visible.map((image) => {
          const name = image.originalName || 'Schedule image';
          return (
            <li key={image.id} className="schedule-tile">
              <button
                type="button"
                className="schedule-tile-open"
                aria-label={`View ${name}`}
                onClick={() => setOpen({ id: image.id, filename: image.filename, originalName: name, mimeType: '' })}
              >
                <img
                  src={thumbnailUrl(image.filename)}
                  alt=""
                  loading="lazy"
                  onError={() => setBroken((set) => new Set(set).add(image.id))}
                />
              </button>
              <div className="schedule-tile-meta">
                <span className="schedule-tile-name" title={name}>
                  {name}
                </span>
                <span className="schedule-tile-date">{uploadedOn(image.uploadedAt)}</span>
              </div>
              {onDelete && (
                <button
                  type="button"
                  className="schedule-tile-delete"
                  aria-label={`Delete ${name}`}
                  disabled={deleting?.has(image.id)}
                  onClick={() => onDelete(image)}
                >
                  <TrashIcon />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {open && <Lightbox image={open} onClose={() => setOpen(null)} />}
    </>
  );
}
