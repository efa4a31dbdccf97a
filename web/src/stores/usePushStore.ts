// Push notifications on this device (docs/decisions/0013): the browser's subscription (through the app's
// service worker) and the server's record of it (GET /api/push, POST /api/push/subscriptions...).
import { create } from 'zustand';
import type { PushSubscriptionBody } from '#protocol/schemas/push.ts';
import { api } from '../api/client.ts';
import { SETTINGS_TEXT } from '../texts/settings.ts';
import { liveStore } from './liveStores.ts';

export type PushSupport = 'supported' | 'unsupported' | 'blocked';

interface PushState {
  support: PushSupport | null;
  /** This browser has a subscription (it was turned on here and not off since). */
  subscribed: boolean;
  /** The caller's devices with push on, this one included. */
  devices: number;
  load: () => Promise<void>;
  /** Asks for the permission, subscribes with the server's key and registers the device; throws with a text to show. */
  enable: () => Promise<void>;
  disable: () => Promise<void>;
  /** Sends the test notification; how many devices it reached. */
  test: () => Promise<number>;
  reset: () => void;
}

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The worker's registration, if the app has one (built apps; not the dev server or a blocked worker). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported()) return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

export const usePushStore = create<PushState>((set, get) => ({
  support: null,
  subscribed: false,
  devices: 0,
  load: async () => {
    const reg = await registration();
    const support: PushSupport = !reg ? 'unsupported' : Notification.permission === 'denied' ? 'blocked' : 'supported';
    const [info, subscription] = await Promise.all([api.get('/api/push'), reg ? reg.pushManager.getSubscription() : null]);
    set({ support, subscribed: subscription !== null, devices: info.devices });
  },
  enable: async () => {
    const reg = await registration();
    if (!reg) throw new Error(SETTINGS_TEXT.pushUnsupported);
    if ((await Notification.requestPermission()) !== 'granted') {
      set({ support: 'blocked' });
      throw new Error(SETTINGS_TEXT.pushBlocked);
    }
    const { publicKey } = await api.get('/api/push');
    const subscription =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
    await api.post('/api/push/subscriptions', subscription.toJSON() as PushSubscriptionBody);
    set({ subscribed: true, support: 'supported' });
    set({ devices: (await api.get('/api/push')).devices });
  },
  disable: async () => {
    const subscription = await currentSubscription();
    if (subscription) {
      await api.post('/api/push/subscriptions/remove', { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    set({ subscribed: false, devices: Math.max(0, get().devices - (subscription ? 1 : 0)) });
  },
  test: async () => (await api.post('/api/push/test', undefined as never)).sent,
  reset: () => set({ support: null, subscribed: false, devices: 0 }),
}));

// This device's push: nothing to refresh after a reconnect.
liveStore('push', { stores: [usePushStore], reset: () => usePushStore.getState().reset() });

/**
 * On sign-out: this device stops receiving the account's notifications (the next person to sign in
 * here turns them on for themselves). Best effort, and never longer than `ms`.
 */
export async function forgetThisDevice(ms = 2000): Promise<void> {
  const work = (async () => {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await api.post('/api/push/subscriptions/remove', { endpoint: subscription.endpoint }).catch(() => undefined);
    await subscription.unsubscribe().catch(() => undefined);
  })();
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms))]);
}
