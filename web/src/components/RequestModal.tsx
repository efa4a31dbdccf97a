// Create or edit a trade request (docs/product-spec.md section 2): the dialog around the form. The requests store
// sends it (JSON, or multipart with trip screenshots for a new pairing request) and applies the answer.
// A pickup or a trade would have the crew member fly a trip: the roster's reasons against it show
// under the dates as the form is filled (asked once the dates rest; a warning, never a block:
// docs/decisions/0023). A drop gives a trip away and is not checked.
import { useEffect, useState } from 'react';
import { FormDialog } from './FormDialog.tsx';
import { MAX_IMAGES } from '#protocol/limits.ts';
import { REQUESTS_MSG } from '#protocol/messages/requests.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { serverMessage } from '../api/client.ts';
import { initialRequestForm, requestFormValues, requestSchemaFor, type RequestFormState } from '../lib/requestForm.ts';
import { useDraftKey } from '../hooks/useDraftKey.ts';
import { useImageUploads } from '../hooks/useImageUploads.ts';
import { useSchemaForm } from '../hooks/useSchemaForm.ts';
import { ownRuleOf, useMyRequestsStore } from '../stores/useMyRequestsStore.ts';
import { toast } from '../stores/useToastStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { REQUESTS_TEXT } from '../texts/requests.ts';
import { FileDropZone } from './FileDropZone.tsx';
import { RequestFormFields } from './RequestFormFields.tsx';
import { RosterReasons, useRosterCheck } from './roster/RosterReasons.tsx';
import { ROSTER_UI } from './roster/rosterTexts.ts';
import { tripOfOwnRequest } from './roster/rosterTrips.ts';

/** How long the dates must rest before the roster is asked (a typed date changes with each digit). */
const ROSTER_CHECK_WAIT_MS = 400;

interface RequestModalProps {
  /** The request to edit; leave out to create one. */
  request?: TradeRequestItem;
  /** A new request's fields filled in advance (a roster duty's "Drop this trip"). */
  prefill?: Partial<RequestFormState>;
  onClose: () => void;
}

export function RequestModal({ request, prefill, onClose }: RequestModalProps) {
  const editing = Boolean(request);
  const [form, setForm] = useState<RequestFormState>(() => ({ ...initialRequestForm(request), ...prefill }));
  // The board's copy leaves the owner's standing rule out (docs/decisions/0045): their own list says it.
  const ruleUnknown = request !== undefined && request.autoAccept === undefined;
  const requestId = request?.id;
  useEffect(() => {
    if (!ruleUnknown || requestId === undefined) return;
    let open = true;
    void ownRuleOf(requestId).then((rule) => {
      if (open && rule !== undefined) setForm((f) => (f.autoAccept === null ? { ...f, autoAccept: rule } : f));
    });
    return () => {
      open = false;
    };
  }, [ruleUnknown, requestId]);
  const images = useImageUploads(MAX_IMAGES);
  // A new request sent again unchanged (its answer lost) is stored once.
  const draft = useDraftKey();
  // A failed save is told in the spec's toast: the action catches it.
  const { errors, pending, submit } = useSchemaForm(
    requestSchemaFor(form, request),
    requestFormValues(form),
    REQUESTS_MSG.requestSaveFailed,
    async (body) => {
      const requests = useMyRequestsStore.getState();
      const files = images.uploads.map((u) => u.file);
      try {
        if (request) await requests.update(request.id, body);
        else await requests.create({ ...body, clientKey: draft.keyFor(body, files) }, files);
        toast({ title: editing ? REQUESTS_MSG.requestUpdated : REQUESTS_MSG.requestPosted });
        onClose();
      } catch (err) {
        toast({ title: COMMON_TEXT.errorTitle, description: serverMessage(err) ?? REQUESTS_MSG.requestSaveFailed, variant: 'destructive' });
      }
    },
  );

  const showScreenshots = !editing && form.routeType === 'pairing';
  const reasons = useRosterCheck(tripOfOwnRequest(form), ROSTER_CHECK_WAIT_MS)?.reasons ?? [];

  return (
    <FormDialog
      title={editing ? 'Edit Trade Request' : 'New Trade Request'}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      label={editing ? 'Save Changes' : 'Post Request'}
      pendingLabel={'Saving...'}
    >
      <RequestFormFields
        form={form}
        errors={errors}
        onChange={setForm}
        editing={request}
        datesNote={
          <>
            <RosterReasons reasons={reasons} />
            {/* Always there (and out of the form's grid), so that reasons arriving are read out. */}
            <p className="visually-hidden" aria-live="polite">
              {reasons.length > 0 ? `${ROSTER_UI.reasonsTitle}: ${reasons.join(' ')}` : ''}
            </p>
          </>
        }
        screenshots={
          showScreenshots && (
            <FileDropZone
              label="Trip Screenshots"
              hint={REQUESTS_TEXT.imageHint}
              uploads={images.uploads}
              max={MAX_IMAGES}
              error={images.error}
              onFiles={images.add}
              onRemove={images.remove}
            />
          )
        }
      />
    </FormDialog>
  );
}
