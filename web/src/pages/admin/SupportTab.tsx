// Support Requests (docs/product-spec.md section 2): every request with its user, Open and Resolved counts; Respond
// on one not resolved (the modal shows the request, the answer is sent trimmed), View Response on a
// resolved one. Clicking the backdrop closes either modal (Modal.tsx).
import { useMemo, useState } from 'react';
import { SUPPORT_CATEGORY_LABELS } from '#protocol/enums.ts';
import { ADMIN_MSG } from '#protocol/messages/admin.ts';
import type { SupportRequestItem } from '#protocol/shapes.ts';
import { serverMessage } from '../../api/client.ts';
import { Modal } from '../../components/Modal.tsx';
import { ResponsiveTable, type Column } from '../../components/ResponsiveTable.tsx';
import { fullName, newestFirst } from '../../lib/format.ts';
import { useAdminSupportStore } from '../../stores/useAdminStore.ts';

import { toast } from '../../stores/useToastStore.ts';
import { ADMIN_TEXT } from '../../texts/admin.ts';
import { COMMON_TEXT } from '../../texts/common.ts';
import { SUPPORT_TEXT } from '../../texts/support.ts';
import { capitalised, dateAtTime, truncate } from './adminFormat.ts';
import { LoadMore } from '../../components/LoadMore.tsx';
import { ListStatus } from './ListStatus.tsx';

function RespondModal({ request, onClose }: { request: SupportRequestItem; onClose: () => void }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  async function send() {
    setSending(true);
    try {
      await useAdminSupportStore.getState().respond(request.id, text);
      toast({ title: ADMIN_MSG.responseSentTitle, description: ADMIN_MSG.responseSent });
      onClose();
    } catch (err) {
      toast({ title: COMMON_TEXT.errorTitle, description: serverMessage(err) ?? ADMIN_MSG.responseFailed, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }
  return (
    <Modal
      title={ADMIN_TEXT.respondTitle}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <button type="button" className="button button-outline" onClick={onClose}>
            {COMMON_TEXT.cancel}
          </button>
          <button type="button" className="button button-primary" disabled={sending || text.trim() === ''} onClick={() => void send()}>
            {sending ? COMMON_TEXT.sending : ADMIN_TEXT.sendResponse}
          </button>
        </>
      }
    >
      <div className="support-original">
        <p>
          <strong>From:</strong> {request.user ? `${fullName(request.user)} (${request.user.email})` : ADMIN_TEXT.unknownUser}
        </p>
        <p>
          <strong>Subject:</strong> {request.subject}
        </p>
        <p className="support-original-message">{request.message}</p>
      </div>
      <div className="field">
        <label htmlFor="support-response">{ADMIN_TEXT.yourResponse}</label>
        <textarea
          id="support-response"
          data-autofocus
          className="support-response-input"
          rows={6}
          placeholder={ADMIN_TEXT.responsePlaceholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
    </Modal>
  );
}

function ViewResponseModal({ request, onClose }: { request: SupportRequestItem; onClose: () => void }) {
  return (
    <Modal
      title={ADMIN_TEXT.viewResponse}
      onClose={onClose}
      footer={
        <button type="button" className="button button-primary" onClick={onClose}>
          {ADMIN_TEXT.close}
        </button>
      }
    >
      <p className="support-response-label">{SUPPORT_TEXT.adminResponse}</p>
      <p className="support-response-text">{request.adminResponse}</p>
    </Modal>
  );
}

const columns: Column<SupportRequestItem>[] = [
  {
    key: 'user',
    header: 'User',
    cell: (r) =>
      r.user ? (
        <span className="person-cell">
          <span className="person-name">{fullName(r.user)}</span>
          <span className="person-email">{r.user.email}</span>
          <span className="person-email">
            {[r.user.airline, r.user.employeeNumber && `#${r.user.employeeNumber}`].filter(Boolean).join(' · ')}
          </span>
        </span>
      ) : (
        ADMIN_TEXT.unknownUser
      ),
  },
  { key: 'category', header: 'Category', cell: (r) => SUPPORT_CATEGORY_LABELS[r.category] ?? r.category },
  {
    key: 'subject',
    header: 'Subject',
    cell: (r) => (
      <span className="person-cell">
        <span className="person-name">{r.subject}</span>
        <span className="person-email">{truncate(r.message, 80)}</span>
      </span>
    ),
  },
  {
    key: 'priority',
    header: 'Priority',
    cell: (r) => <span className={`badge badge-priority-${r.priority}`}>{capitalised(r.priority)}</span>,
  },
  { key: 'status', header: 'Status', cell: (r) => <span className={`badge badge-support-${r.status}`}>{capitalised(r.status)}</span> },
  { key: 'submitted', header: 'Submitted', cell: (r) => dateAtTime(r.createdAt) },
];

export function SupportTab() {
  const { items, loaded, error, fetch, next, loadingMore, loadMore, total, resolved: resolvedInAll } = useAdminSupportStore();
  const [open, setOpen] = useState<{ kind: 'respond' | 'view'; request: SupportRequestItem } | null>(null);
  const requests = useMemo(() => [...items].sort(newestFirst), [items]);
  // Every request counts, not only the pages loaded: the server says how many (X-Total-Count, X-Resolved-Count).
  const all = total ?? requests.length;
  const resolved = resolvedInAll ?? requests.filter((r) => r.status === 'resolved').length;
  return (
    <section className="card admin-section" aria-labelledby="admin-support-heading">
      <div className="admin-section-head">
        <h2 id="admin-support-heading">{ADMIN_TEXT.tabSupport}</h2>
        <span className="badge badge-pending">{all - resolved} Open</span>
        <span className="badge badge-completed">{resolved} Resolved</span>
      </div>
      <ListStatus
        loaded={loaded}
        error={error}
        empty={requests.length === 0}
        emptyText={ADMIN_TEXT.noSupportRequests}
        retry={() => void fetch()}
      >
        <ResponsiveTable
          label={ADMIN_TEXT.tabSupport}
          rows={requests}
          rowKey={(r) => r.id}
          columns={columns}
          actions={(r) =>
            r.status !== 'resolved' ? (
              <button type="button" className="button button-primary button-sm" onClick={() => setOpen({ kind: 'respond', request: r })}>
                {ADMIN_TEXT.respond}
              </button>
            ) : r.adminResponse ? (
              <button type="button" className="button button-outline button-sm" onClick={() => setOpen({ kind: 'view', request: r })}>
                {ADMIN_TEXT.viewResponse}
              </button>
            ) : null
          }
        />
        <LoadMore next={next} loading={loadingMore} onMore={() => void loadMore().catch(() => undefined)} />
      </ListStatus>
      {open?.kind === 'respond' && <RespondModal request={open.request} onClose={() => setOpen(null)} />}
      {open?.kind === 'view' && <ViewResponseModal request={open.request} onClose={() => setOpen(null)} />}
    </section>
  );
}
