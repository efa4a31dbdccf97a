// Administrator Settings' data (docs/product-spec.md section 7, Support and administration): one list store per
// tab over its GET, plus the writes (delete a user, respond to a request, save a template), each
// applied to its list from the answer. New support requests reach an open Support tab through the
// admin bell's 'admin:notification'.
import { create } from 'zustand';
import type { EmailTemplateType } from '#protocol/enums.ts';
import { RESOLVED_COUNT_HEADER } from '#protocol/paging-headers.ts';
import type { EmailTemplateBody } from '#protocol/schemas/support.ts';
import type { AdminLogItem, AdminUserItem, EmailTemplateItem, SupportRequestItem, UserActivityReport } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { listStore, type ListState } from './listStore.ts';
import { asPage, itself, newestFirstBy, pagesOf } from './paging.ts';
import { isNewerSupportRequest } from './useSupportStore.ts';
import { liveStore, refreshIfLoaded } from './liveStores.ts';

export const useAdminUsersStore = create<ListState<AdminUserItem> & { deleteUser: (id: number) => Promise<void> }>()((set, get, store) => ({
  ...listStore<AdminUserItem>(pagesOf('/api/admin/users', itself<AdminUserItem>), { order: newestFirstBy('createdAt') })(set, get, store),
  /** Throws "STATUS: body" on failure; the list is refetched either way (spec: refreshes the list). */
  deleteUser: async (id) => {
    try {
      await api.delete(`/api/admin/users/${id}`);
      get().markDeleted(id);
    } finally {
      void get().fetch();
      void useAdminLogsStore.getState().fetch();
    }
  },
}));

interface AdminSupportState extends ListState<SupportRequestItem> {
  /** How many of all the requests are resolved (X-Resolved-Count of the first page), for the Open and Resolved badges. */
  resolved: number | null;
  respond: (id: number, response: string) => Promise<void>;
}

const supportPages = pagesOf('/api/admin/support-requests', itself<SupportRequestItem>);

export const useAdminSupportStore = create<AdminSupportState>()((set, get, store) => ({
  ...listStore<SupportRequestItem>(
    async (cursor) => {
      const page = asPage(await supportPages(cursor));
      const resolved = page.headers?.get(RESOLVED_COUNT_HEADER);
      if (cursor === null && resolved) set({ resolved: Number(resolved) });
      return page;
    },
    { isNewer: isNewerSupportRequest, order: newestFirstBy('createdAt') },
  )(set, get, store),
  resolved: null,
  /** Sends the response trimmed; throws "STATUS: body" on failure. */
  respond: async (id, response) => {
    const before = get().items.find((r) => r.id === id);
    const answered = await api.post(`/api/admin/support-requests/${id}/respond`, { response: response.trim() });
    get().upsert(answered);
    const resolved = get().resolved;
    if (resolved !== null && before?.status !== 'resolved' && answered.status === 'resolved') set({ resolved: resolved + 1 });
    void useAdminLogsStore.getState().fetch();
  },
}));

export const useAdminLogsStore = create<ListState<AdminLogItem>>()(
  listStore<AdminLogItem>(pagesOf('/api/admin/logs', itself<AdminLogItem>), { order: newestFirstBy('createdAt') }),
);

/**
 * The template's path. The typed client reads every ':param' as a number; this one is the
 * template type, so the cast states that the route is the same.
 */
const templatePath = (type: EmailTemplateType) => `/api/admin/email-templates/${type}` as `/api/admin/email-templates/${number}`;

export const useAdminTemplatesStore = create<
  ListState<EmailTemplateItem> & { save: (type: EmailTemplateType, body: EmailTemplateBody) => Promise<void> }
>()((set, get, store) => ({
  ...listStore<EmailTemplateItem>(() => api.get('/api/admin/email-templates'))(set, get, store),
  /** Throws "STATUS: body" on failure; on success the list is refetched (docs/product-spec.md section 7). */
  save: async (type, body) => {
    get().upsert(await api.put(templatePath(type), { ...body, templateType: type }));
    void get().fetch();
  },
}));

interface ActivityState {
  report: UserActivityReport | null;
  loading: boolean;
  error: boolean;
  fetch: () => Promise<void>;
  reset: () => void;
}

let activityGeneration = 0;
export const useAdminActivityStore = create<ActivityState>((set) => ({
  report: null,
  loading: false,
  error: false,
  fetch: async () => {
    const mine = ++activityGeneration;
    set({ loading: true, error: false });
    try {
      const report = await api.get('/api/admin/user-activity');
      if (mine === activityGeneration) set({ report, loading: false });
    } catch (err) {
      if (mine === activityGeneration) set({ loading: false, error: true });
      throw err;
    }
  },
  reset: () => {
    activityGeneration++;
    set({ report: null, loading: false, error: false });
  },
}));

// The admin console: its Support tab is refreshed after a reconnect once loaded ('admin:notification'
// feeds it); every admin store is emptied at sign-out.
liveStore('admin console', {
  stores: [useAdminUsersStore, useAdminSupportStore, useAdminLogsStore, useAdminTemplatesStore, useAdminActivityStore],
  refresh: () => refreshIfLoaded(useAdminSupportStore),
  reset: () => {
    useAdminUsersStore.getState().reset();
    useAdminSupportStore.getState().reset();
    useAdminSupportStore.setState({ resolved: null });
    useAdminLogsStore.getState().reset();
    useAdminTemplatesStore.getState().reset();
    useAdminActivityStore.getState().reset();
  },
});
