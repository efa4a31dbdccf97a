// Create or edit a trade request (spec section 2). Create sends JSON, or multipart when trip
// screenshots are attached (pairing requests only); edit sends JSON and never images.
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { REQUEST_TYPES, type RequestType, type RouteType } from '../../../protocol/enums.ts';
import { MAX_IMAGES, TRIP_DAYS_FORM_MAX } from '../../../protocol/limits.ts';
import { MSG } from '../../../protocol/messages.ts';
import { requestFormSchema } from '../../../protocol/schemas/requests.ts';
import type { TradeRequestItem } from '../../../protocol/shapes.ts';
import { api, serverMessage } from '../api/client.ts';
import { daysLabel, REQUEST_TYPE_LABELS } from '../lib/format.ts';
import { fieldErrors, type FieldErrors } from '../lib/forms.ts';
import { refreshAfterRequestChange } from '../stores/clientState.ts';
import { toast } from '../stores/useToastStore.ts';
import { TEXT } from '../texts.ts';
import { SelectField, TextAreaField, TextField } from './Field.tsx';
import { CloseIcon, ImageIcon, PlusIcon } from './Icons.tsx';
import { Modal } from './Modal.tsx';

interface FormState {
  type: RequestType;
  date: string;
  additionalDates: string[];
  desiredDates: string[];
  routeType: RouteType | '';
  route: string;
  reservePeriod: string;
  tripDays: string;
  notes: string;
}

interface Upload {
  key: number;
  file: File;
  url: string;
}

function initialState(request?: TradeRequestItem): FormState {
  if (!request) {
    return {
      type: 'drop',
      date: '',
      additionalDates: [],
      desiredDates: [],
      routeType: 'pairing',
      route: '',
      reservePeriod: '',
      tripDays: '1',
      notes: '',
    };
  }
  return {
    type: request.type,
    date: request.date,
    additionalDates: request.additionalDates ?? [],
    desiredDates: request.type === 'trade' && !request.desiredDates?.length ? [''] : (request.desiredDates ?? []),
    routeType: request.routeType,
    route: request.route ?? '',
    reservePeriod: request.reservePeriod ?? '',
    tripDays: String(request.tripDays ?? 1),
    notes: request.notes ?? '',
  };
}

/** Images only: a MIME type of image/*, or a HEIC/HEIF name (browsers often give those no type). */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/') || /\.(heic|heif)$/i.test(file.name);
}

interface DateListProps {
  legend: string;
  itemLabel: string;
  addLabel: string;
  values: string[];
  error?: string;
  onChange: (values: string[]) => void;
}

function DateList({ legend, itemLabel, addLabel, values, error, onChange }: DateListProps) {
  const baseId = useId();
  return (
    <fieldset className={`field date-list${error ? ' field-invalid' : ''}`} aria-describedby={error ? `${baseId}-error` : undefined}>
      <legend>{legend}</legend>
      {values.map((value, index) => (
        <div key={index} className="date-list-row">
          <label htmlFor={`${baseId}-${index}`} className="visually-hidden">
            {`${itemLabel} ${index + 1}`}
          </label>
          <input
            id={`${baseId}-${index}`}
            type="date"
            value={value}
            onChange={(e) => onChange(values.map((v, i) => (i === index ? e.target.value : v)))}
          />
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove date ${index + 1} from ${legend.toLowerCase()}`}
            onClick={() => onChange(values.filter((_, i) => i !== index))}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
      <button type="button" className="button button-ghost button-sm" onClick={() => onChange([...values, ''])}>
        <PlusIcon />
        {addLabel}
      </button>
      {error && (
        <p id={`${baseId}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface RequestModalProps {
  /** The request to edit; leave out to create one. */
  request?: TradeRequestItem;
  onClose: () => void;
}

export function RequestModal({ request, onClose }: RequestModalProps) {
  const editing = Boolean(request);
  const [form, setForm] = useState<FormState>(() => initialState(request));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [pending, setPending] = useState(false);
  const uploadsRef = useRef<Upload[]>([]);
  const nextKey = useRef(0);
  const typeName = useId();

  useEffect(() => {
    uploadsRef.current = uploads;
  }, [uploads]);
  // Object URLs of the previews are released when the dialog goes away.
  useEffect(() => () => uploadsRef.current.forEach((u) => URL.revokeObjectURL(u.url)), []);

  const update = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  function chooseType(type: RequestType) {
    setForm((f) => ({ ...f, type, desiredDates: type === 'trade' && f.desiredDates.length === 0 ? [''] : f.desiredDates }));
  }

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    if (!files.every(isImageFile)) {
      toast({ title: TEXT.invalidFilesTitle, description: MSG.onlyImages, variant: 'destructive' });
      return;
    }
    if (uploads.length + files.length > MAX_IMAGES) {
      toast({ title: TEXT.tooManyFilesTitle, description: MSG.tooManyImages, variant: 'destructive' });
      return;
    }
    setUploads((list) => [...list, ...files.map((file) => ({ key: nextKey.current++, file, url: URL.createObjectURL(file) }))]);
  }

  function removeUpload(key: number) {
    setUploads((list) => {
      const gone = list.find((u) => u.key === key);
      if (gone) URL.revokeObjectURL(gone.url);
      return list.filter((u) => u.key !== key);
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = requestFormSchema.safeParse({
      ...form,
      routeType: form.routeType || undefined,
      tripDays: form.tripDays,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setPending(true);
    const body = parsed.data;
    try {
      if (request) {
        await api.put(`/api/requests/${request.id}`, body);
      } else if (uploads.length > 0 && body.routeType === 'pairing') {
        const data = new FormData();
        data.append('type', body.type);
        data.append('date', body.date);
        data.append('additionalDates', JSON.stringify(body.additionalDates));
        data.append('desiredDates', JSON.stringify(body.desiredDates));
        data.append('routeType', body.routeType);
        if (body.route) data.append('route', body.route);
        if (body.reservePeriod) data.append('reservePeriod', body.reservePeriod);
        if (body.tripDays !== null) data.append('tripDays', String(body.tripDays));
        if (body.notes) data.append('notes', body.notes);
        for (const upload of uploads) data.append('tripImages', upload.file, upload.file.name);
        await api.postForm('/api/requests', data);
      } else {
        await api.post('/api/requests', body);
      }
      toast({ title: editing ? MSG.requestUpdated : MSG.requestPosted });
      void refreshAfterRequestChange();
      onClose();
    } catch (err) {
      toast({ title: TEXT.errorTitle, description: serverMessage(err) ?? MSG.requestSaveFailed, variant: 'destructive' });
      setPending(false);
    }
  }

  const showScreenshots = !editing && form.routeType === 'pairing';

  return (
    <Modal title={editing ? 'Edit Trade Request' : 'New Trade Request'} onClose={onClose} size="lg">
      <form onSubmit={onSubmit} noValidate className="form">
        <fieldset className="field">
          <legend>Request Type</legend>
          <div className="segmented">
            {REQUEST_TYPES.map((type) => (
              <label key={type} className="segmented-option">
                <input type="radio" name={typeName} value={type} checked={form.type === type} onChange={() => chooseType(type)} />
                <span>{REQUEST_TYPE_LABELS[type]}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <TextField
          label="Date"
          type="date"
          name="date"
          value={form.date}
          onChange={(e) => update('date', e.target.value)}
          error={errors.date}
        />

        <DateList
          legend="Additional Dates"
          itemLabel="Additional date"
          addLabel="Add Date"
          values={form.additionalDates}
          error={errors.additionalDates}
          onChange={(v) => update('additionalDates', v)}
        />

        {form.type === 'trade' && (
          <DateList
            legend="Requested Dates"
            itemLabel="Requested date"
            addLabel="Add Requested Date"
            values={form.desiredDates}
            error={errors.desiredDates}
            onChange={(v) => update('desiredDates', v)}
          />
        )}

        <SelectField
          label="Route Type"
          name="routeType"
          value={form.routeType}
          onChange={(e) => update('routeType', e.target.value as RouteType | '')}
          error={errors.routeType}
        >
          <option value="" disabled>
            Select pairing or reserve period
          </option>
          <option value="pairing">Pairing</option>
          <option value="reserve_period">Reserve Period</option>
        </SelectField>

        {form.routeType === 'pairing' && (
          <TextField
            label="Pairing"
            name="route"
            placeholder="e.g. ATL-LAX-ATL"
            value={form.route}
            onChange={(e) => update('route', e.target.value)}
            error={errors.route}
          />
        )}
        {form.routeType === 'reserve_period' && (
          <TextField
            label="Reserve Period"
            name="reservePeriod"
            placeholder="e.g. R1 0500-1700"
            value={form.reservePeriod}
            onChange={(e) => update('reservePeriod', e.target.value)}
            error={errors.reservePeriod}
          />
        )}

        <SelectField
          label="Trip Days"
          name="tripDays"
          value={form.tripDays}
          onChange={(e) => update('tripDays', e.target.value)}
          error={errors.tripDays}
        >
          {Array.from({ length: TRIP_DAYS_FORM_MAX }, (_, i) => i + 1).map((n) => (
            <option key={n} value={String(n)}>
              {daysLabel(n)}
            </option>
          ))}
        </SelectField>

        <TextAreaField
          label="Notes"
          name="notes"
          rows={3}
          value={form.notes}
          onChange={(e) => update('notes', e.target.value)}
          error={errors.notes}
        />

        {showScreenshots && (
          <div className="field">
            <label htmlFor={`${typeName}-files`}>Trip Screenshots</label>
            <div className="file-drop">
              <ImageIcon />
              <input
                id={`${typeName}-files`}
                type="file"
                accept="image/*,.heic,.heif"
                multiple
                aria-describedby={`${typeName}-files-hint`}
                onChange={onFiles}
                disabled={uploads.length >= MAX_IMAGES}
              />
            </div>
            <p id={`${typeName}-files-hint`} className="field-hint">
              {TEXT.imageHint}
            </p>
            {uploads.length > 0 && (
              <ul className="thumb-grid" aria-label="Selected screenshots">
                {uploads.map((upload, index) => (
                  <li key={upload.key} className="thumb">
                    <img
                      src={upload.url}
                      alt={upload.file.name}
                      onError={(e) => {
                        e.currentTarget.style.visibility = 'hidden';
                      }}
                    />
                    <button
                      type="button"
                      className="thumb-remove"
                      aria-label={`Remove screenshot ${index + 1}`}
                      onClick={() => removeUpload(upload.key)}
                    >
                      <CloseIcon />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}

        <div className="form-actions">
          <button type="button" className="button button-outline" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={pending}>
            {pending ? 'Saving...' : editing ? 'Save Changes' : 'Post Request'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
