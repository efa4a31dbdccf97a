// Pick or drop images: a "Choose Images" button and a drop target (react-dropzone), the count
// against the limit, thumbnails with a remove button each, and the hint and error under them.
// No raw file control shows; the hidden input keeps the field's label for tests and assistive tech.
import { useId, type ReactNode } from 'react';
import { useDropzone } from 'react-dropzone';
import type { ImageUpload } from '../lib/imageUploads.ts';
import { REQUESTS_TEXT } from '../texts/requests.ts';
import { CloseIcon, ImageIcon } from './Icons.tsx';
import { PreviewPlaceholder } from './PreviewPlaceholder.tsx';

interface FileDropZoneProps {
  label: string;
  hint?: ReactNode;
  uploads: ImageUpload[];
  max: number;
  error?: string;
  onFiles: (files: File[]) => void;
  onRemove: (key: number) => void;
}

export function FileDropZone({ label, hint, uploads, max, error, onFiles, onRemove }: FileDropZoneProps) {
  const id = useId();
  const full = uploads.length >= max;
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted, rejected) => onFiles([...accepted, ...rejected.map((r) => r.file)]),
    noClick: true,
    noKeyboard: true,
    disabled: full,
  });
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={`${id}-input`}>{label}</label>
      <div {...getRootProps({ className: `drop-zone${isDragActive ? ' is-dragging' : ''}${error ? ' is-invalid' : ''}` })}>
        <input
          {...getInputProps({ id: `${id}-input`, accept: 'image/*,.heic,.heif', 'aria-label': undefined, 'aria-describedby': describedBy })}
        />
        <span className="drop-zone-icon">
          <ImageIcon />
        </span>
        <div className="drop-zone-text">
          <button type="button" className="button button-outline button-sm" onClick={open} disabled={full} aria-describedby={describedBy}>
            {REQUESTS_TEXT.chooseImages}
          </button>
          <span className="muted small">{REQUESTS_TEXT.dropImagesHere}</span>
        </div>
        <span className="drop-zone-count small muted">{`${uploads.length} of ${max}`}</span>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      {uploads.length > 0 && (
        <ul className="thumb-grid" aria-label="Selected images">
          {uploads.map((upload) => (
            <li key={upload.key} className="thumb">
              {upload.url ? (
                <img
                  src={upload.url}
                  alt={upload.file.name}
                  onError={(e) => {
                    e.currentTarget.style.visibility = 'hidden';
                  }}
                />
              ) : (
                <PreviewPlaceholder file={upload.file} making={upload.making} />
              )}
              <button type="button" className="thumb-remove" onClick={() => onRemove(upload.key)}>
                <CloseIcon />
                <span className="visually-hidden">{`Remove ${upload.file.name}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
