// /contact-support (docs/product-spec.md sections 2, 5 and 8): the support form, "Sending..." while it is sent, then
// the confirmation with Return to Dashboard and Submit Another Request. Below it (ours): the
// caller's own requests with the admins' answers, kept live by 'support:update'.
import { useEffect, useMemo, useState } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_LABELS, SUPPORT_PRIORITIES, type SupportPriority } from '#protocol/enums.ts';
import { SUPPORT_MSG } from '#protocol/messages/support.ts';
import { supportRequestSchema } from '#protocol/schemas/support.ts';
import type { SupportRequestItem } from '#protocol/shapes.ts';
import { serverMessage } from '../api/client.ts';
import { SelectField, TextAreaField, TextField } from '../components/Field.tsx';
import { capitalised, dateAtTime } from './admin/adminFormat.ts';
import { useSchemaForm } from '../hooks/useSchemaForm.ts';
import { useSupportStore } from '../stores/useSupportStore.ts';
import { LoadMore } from '../components/LoadMore.tsx';
import { newestFirst } from '../lib/format.ts';
import { toast } from '../stores/useToastStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { SUPPORT_TEXT } from '../texts/support.ts';
import './admin/admin.css';

const EMPTY = { category: '', subject: '', message: '', priority: 'normal' as SupportPriority };

function OwnRequest({ request }: { request: SupportRequestItem }) {
  return (
    <li className="support-own card">
      <div className="support-own-head">
        <h3 className="support-own-subject">{request.subject}</h3>
        <span className={`badge badge-support-${request.status}`}>{capitalised(request.status)}</span>
      </div>
      <p className="muted support-own-meta">
        {SUPPORT_CATEGORY_LABELS[request.category]} · {dateAtTime(request.createdAt)}
      </p>
      <p className="support-own-message">{request.message}</p>
      {request.adminResponse && (
        <div className="support-response">
          <p className="support-response-label">{SUPPORT_TEXT.adminResponse}</p>
          <p className="support-response-text">{request.adminResponse}</p>
        </div>
      )}
    </li>
  );
}

export default function ContactSupport() {
  const [values, setValues] = useState(EMPTY);
  const [sent, setSent] = useState(false);
  const own = useSupportStore((s) => s.items);
  const loaded = useSupportStore((s) => s.loaded);
  const next = useSupportStore((s) => s.next);
  const loadingMore = useSupportStore((s) => s.loadingMore);
  const form = useSchemaForm(supportRequestSchema, values, SUPPORT_MSG.supportSendFailed, async (body) => {
    try {
      await useSupportStore.getState().submit(body);
      toast({ title: SUPPORT_MSG.supportSent, description: SUPPORT_MSG.supportSentText });
      setSent(true);
    } catch (err) {
      toast({ title: COMMON_TEXT.errorTitle, description: serverMessage(err) ?? SUPPORT_MSG.supportSendFailed, variant: 'destructive' });
    }
  });
  const mine = useMemo(() => [...own].sort(newestFirst), [own]);

  useEffect(() => {
    void useSupportStore.getState().fetch();
  }, []);

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  function another() {
    setValues(EMPTY);
    form.reset();
    setSent(false);
  }

  return (
    <div className="page-inner support-page">
      <div className="page-header">
        <div>
          <h1>{SUPPORT_TEXT.contactSupport}</h1>
          <p className="page-subtitle">{SUPPORT_TEXT.contactSupportSubtitle}</p>
        </div>
      </div>

      {sent ? (
        <section className="card support-confirmation" aria-live="polite">
          <h2>{SUPPORT_MSG.supportConfirmTitle}</h2>
          <p>{SUPPORT_MSG.supportConfirmText}</p>
          <div className="form-actions">
            <AppLink to="/" className="button button-primary">
              {SUPPORT_TEXT.returnToDashboard}
            </AppLink>
            <button type="button" className="button button-outline" onClick={another}>
              {SUPPORT_TEXT.submitAnotherRequest}
            </button>
          </div>
        </section>
      ) : (
        <form className="card support-form" noValidate onSubmit={(e) => void form.submit(e)}>
          <div className="form-grid-2">
            <SelectField label={SUPPORT_TEXT.category} value={values.category} onChange={set('category')} error={form.errors.category}>
              <option value="">{SUPPORT_TEXT.selectCategory}</option>
              {SUPPORT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {SUPPORT_CATEGORY_LABELS[c]}
                </option>
              ))}
            </SelectField>
            <SelectField label={SUPPORT_TEXT.priority} value={values.priority} onChange={set('priority')} error={form.errors.priority}>
              {SUPPORT_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {capitalised(p)}
                </option>
              ))}
            </SelectField>
          </div>
          <TextField
            label={SUPPORT_TEXT.subject}
            value={values.subject}
            onChange={set('subject')}
            error={form.errors.subject}
            maxLength={400}
          />
          <TextAreaField
            label={SUPPORT_TEXT.message}
            value={values.message}
            onChange={set('message')}
            error={form.errors.message}
            className="support-message"
            rows={6}
          />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={form.pending}>
              {form.pending ? COMMON_TEXT.sending : SUPPORT_TEXT.sendSupportRequest}
            </button>
          </div>
        </form>
      )}

      <section className="support-own-section" aria-labelledby="own-support-heading">
        <h2 id="own-support-heading">{SUPPORT_TEXT.yourSupportRequests}</h2>
        {!loaded ? (
          <p className="muted" role="status">
            {COMMON_TEXT.loading}
          </p>
        ) : mine.length === 0 ? (
          <p className="card empty-state">{SUPPORT_TEXT.noOwnSupportRequests}</p>
        ) : (
          <ul className="support-own-list">
            {mine.map((r) => (
              <OwnRequest key={r.id} request={r} />
            ))}
          </ul>
        )}
        {loaded && (
          <LoadMore
            next={next}
            loading={loadingMore}
            onMore={() =>
              void useSupportStore
                .getState()
                .loadMore()
                .catch(() => undefined)
            }
          />
        )}
      </section>
    </div>
  );
}
