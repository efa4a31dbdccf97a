// Messaging in the browser, two crew members of one group in two browsers: a direct conversation
// started from New Message (crew search) with text and an image, live delivery, the messages
// badge, read marks, Enter vs Shift+Enter, the file rules, deleting a conversation for oneself,
// ?user=; base chat on the dashboard both ways with the two-click delete and the 6-image rule; and
// the screens' layout at 1280 and 375 px with axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { rooms } from '../../server/realtime/rooms.ts';
import { makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { hasChromium, newCrewContext } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { seriousViolations } from './axe.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

/** A 1x1 PNG, real bytes, so the server's content sniffing accepts it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
const textFile = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') };

const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });
/** The messages icon's count in the top navigation (0 when no badge shows). */
const messagesBadge = async (page: Page) => {
  const badge = page.locator('.topnav a[href="/messages"] .count-badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
};
const conversationItem = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: name });
const thread = (page: Page, name: string) => page.getByRole('region', { name: `Conversation with ${name}` });
const bubbles = (page: Page) => page.locator('.thread .bubble-row');
const chatCard = (page: Page) => page.locator('.base-chat-card');

async function sendJson(from: SignedInUser, to: SignedInUser, content: string) {
  const res = await from.client.post('/api/messages', { toUserId: to.user.id, content });
  expect(res.status, res.text).toBe(201);
}

describe.skipIf(!hasChromium)('messaging in the browser', () => {
  it('A finds B in New Message and sends text and an image; B sees both live with the badge; opening reads them and A sees the mark; Shift+Enter; delete for B only', async () => {
    const group = { base: 'MSA' };
    const alice = await makeUser(suite.app, { ...group, firstName: 'Alice', lastName: 'Sender' });
    const bob = await makeUser(suite.app, { ...group, firstName: 'Bella', lastName: 'Receiver' });
    await makeUser(suite.app, { ...group, firstName: 'Carl', lastName: 'Other' });

    const b = suite.track(await openAs(suite.browser, suite.app, bob, '/messages'));
    await b.getByText(MSG.noConversations).waitFor();
    expect(await messagesBadge(b)).toBe(0);

    const a = suite.track(await openAs(suite.browser, suite.app, alice, '/messages'));
    await a.getByText(MSG.noConversations).waitFor();
    await a.getByRole('button', { name: 'New Message' }).click();
    const dialog = a.getByRole('dialog', { name: 'New Message' });
    await dialog.getByRole('button', { name: /Carl Other/ }).waitFor();
    // The caller is not listed; the group is.
    expect(await dialog.getByRole('button', { name: /Alice Sender/ }).count()).toBe(0);
    await dialog.getByRole('searchbox').fill('zzz-nobody');
    await dialog.getByText(MSG.noCrewMembers).waitFor();
    await dialog.getByRole('searchbox').fill('bELLa');
    await dialog.getByRole('button', { name: /Bella Receiver/ }).waitFor();
    expect(await dialog.getByRole('button', { name: /Carl Other/ }).count()).toBe(0);
    await saveScreenshot(a, '1280-new-message-dialog');
    expect(await layoutProblems(a)).toEqual([]);
    expect(await seriousViolations(a)).toEqual([]);
    await dialog.getByRole('button', { name: /Bella Receiver/ }).click();

    const aThread = thread(a, 'Bella Receiver');
    await aThread.getByText(MSG.noMessages).waitFor();
    expect(await aThread.getByRole('link', { name: 'Bella Receiver' }).getAttribute('href')).toBe(`/profile/${bob.user.id}?from=messages`);
    const aBox = aThread.getByRole('textbox', { name: 'Message to Bella Receiver' });
    const aSend = aThread.getByRole('button', { name: 'Send' });
    // Blank text and no image: nothing to send.
    expect(await aSend.isDisabled()).toBe(true);
    await aBox.fill('Hello Bella');
    await aBox.press('Enter');
    await aThread.getByText('Hello Bella').waitFor();
    expect(await aBox.inputValue()).toBe('');

    // An image with no text.
    await aThread.getByLabel('Attach images').setInputFiles(png('trip.png'));
    await aThread.getByRole('list', { name: 'Attached images' }).getByRole('img').waitFor();
    expect(await aSend.isDisabled()).toBe(false);
    await aSend.click();
    await expect.poll(() => aThread.locator('.message-images img').count()).toBe(1);
    // One message each, never doubled by the event that follows the answer.
    await expect.poll(() => bubbles(a).count()).toBe(2);

    // B sees both live, the conversation at the top with 2 unread, and the badge rises.
    const fromAlice = conversationItem(b, 'Alice Sender');
    await fromAlice.waitFor();
    await expect.poll(() => fromAlice.locator('.unread-count').textContent()).toMatch(/^2/);
    await expect.poll(() => messagesBadge(b)).toBe(2);

    // B opens it: marked read, the badge drops, A sees the read mark.
    await expect.poll(() => a.locator('.read-mark').textContent()).toBe('Sent');
    await fromAlice.click();
    const bThread = thread(b, 'Alice Sender');
    await bThread.getByText('Hello Bella').waitFor();
    await expect.poll(() => bThread.locator('.message-images img').count()).toBe(1);
    await expect.poll(() => messagesBadge(b)).toBe(0);
    await expect.poll(() => fromAlice.locator('.unread-count').count()).toBe(0);
    await expect.poll(() => a.locator('.read-mark').textContent()).toBe('Read');

    // While B has it open, a new message from A is read at once (no badge).
    await aBox.fill('Are you there?');
    await aBox.press('Enter');
    await bThread.getByText('Are you there?').waitFor();
    await expect.poll(() => a.locator('.read-mark').textContent()).toBe('Read');
    await expect.poll(() => messagesBadge(b)).toBe(0);
    expect(await fromAlice.locator('.unread-count').count()).toBe(0);

    // Shift+Enter adds a line; Enter sends.
    const bBox = bThread.getByRole('textbox', { name: 'Message to Alice Sender' });
    await bBox.click();
    await bBox.pressSequentially('line one');
    await bBox.press('Shift+Enter');
    await bBox.pressSequentially('line two');
    expect(await bBox.inputValue()).toBe('line one\nline two');
    expect(await bubbles(b).count()).toBe(3);
    await bBox.press('Enter');
    await expect.poll(() => bubbles(b).count()).toBe(4);
    const lastOnA = bubbles(a).last().locator('.bubble-text');
    await expect.poll(() => lastOnA.textContent()).toBe('line one\nline two');
    await saveScreenshot(b, '1280-messages-thread');
    expect(await layoutProblems(b)).toEqual([]);
    expect(await seriousViolations(b)).toEqual([]);

    // B deletes the conversation, for B only.
    await bThread.getByRole('button', { name: 'Delete conversation' }).click();
    const confirmDialog = b.getByRole('alertdialog', { name: 'Delete Conversation' });
    await confirmDialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toast(b, MSG.conversationDeleted).isVisible()).toBe(true);
    await b.getByText(MSG.noConversations).waitFor();
    await b.reload();
    await b.getByText(MSG.noConversations).waitFor();
    await a.reload();
    await conversationItem(a, 'Bella Receiver').waitFor();
  });

  it('composer file rules: non-images refused with the toast, at most 6 kept and the attach button disabled at 6; ?user= opens the conversation and resets the URL', async () => {
    const group = { base: 'MSB' };
    const alice = await makeUser(suite.app, { ...group, firstName: 'Ann', lastName: 'Files' });
    const bob = await makeUser(suite.app, { ...group, firstName: 'Ben', lastName: 'Target' });
    const a = suite.track(await openAs(suite.browser, suite.app, alice, `/messages?user=${bob.user.id}`));
    const aThread = thread(a, 'Ben Target');
    await aThread.getByText(MSG.noMessages).waitFor();
    await expect.poll(() => new URL(a.url()).pathname + new URL(a.url()).search).toBe('/messages');

    const attach = aThread.getByLabel('Attach images');
    await attach.setInputFiles(textFile);
    await expect.poll(() => toast(a, MSG.invalidFileTypeTitle).isVisible()).toBe(true);
    expect(await toast(a, MSG.invalidFileTypeTitle).textContent()).toContain(MSG.onlyImages);
    expect(await aThread.locator('.attachment-preview').count()).toBe(0);

    await attach.setInputFiles(['1', '2', '3', '4', '5', '6', '7'].map((n) => png(`${n}.png`)));
    await expect.poll(() => aThread.locator('.attachment-preview').count()).toBe(6);
    expect(await aThread.getByRole('button', { name: 'Attach images' }).isDisabled()).toBe(true);
    await aThread.getByRole('button', { name: 'Remove 3.png' }).click();
    expect(await aThread.locator('.attachment-preview').count()).toBe(5);
    expect(await aThread.getByRole('button', { name: 'Attach images' }).isDisabled()).toBe(false);
    await aThread.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => aThread.locator('.message-images img').count()).toBe(5);
  });

  it('base chat: A posts in Reserve Chat and B sees it live, not in Line Holder Chat; A deletes it with two clicks and it leaves B; the 6-image and type rules; blank cannot send', async () => {
    const group = { base: 'BCA' };
    const alice = await makeUser(suite.app, { ...group, firstName: 'Ava', lastName: 'Chatter' });
    const bob = await makeUser(suite.app, { ...group, firstName: 'Bo', lastName: 'Listener' });
    const b = suite.track(await openAs(suite.browser, suite.app, bob, '/'));
    const a = suite.track(await openAs(suite.browser, suite.app, alice, '/'));
    const aCard = chatCard(a);
    const bCard = chatCard(b);
    await aCard.getByText(MSG.noMessages).waitFor();
    await bCard.getByText(MSG.noMessages).waitFor();
    expect(await aCard.getByRole('tab', { name: 'Reserve Chat' }).getAttribute('aria-selected')).toBe('true');

    const box = aCard.getByRole('textbox', { name: 'Message to Reserve Chat' });
    const send = aCard.getByRole('button', { name: 'Send' });
    await box.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    expect(Math.round((await box.boundingBox())!.height)).toBe(40);
    await box.fill('one\ntwo\nthree\nfour\nfive\nsix\nseven\neight');
    await expect.poll(async () => Math.round((await box.boundingBox())!.height)).toBe(120);
    await box.fill('');
    await box.pressSequentially('Anyone on reserve Tuesday?');
    await box.press('Shift+Enter');
    await box.pressSequentially('Need a swap');
    await box.press('Enter');
    await aCard.locator('.chat-text').filter({ hasText: 'Anyone on reserve Tuesday?' }).waitFor();
    expect(Math.round((await box.boundingBox())!.height)).toBe(40);

    const onB = bCard.locator('.chat-line').filter({ hasText: 'Anyone on reserve Tuesday?' });
    await onB.waitFor();
    expect(await onB.locator('.chat-text').textContent()).toBe('Anyone on reserve Tuesday?\nNeed a swap');
    expect(await onB.getByText('Ava Chatter').count()).toBe(1);
    // B cannot delete another's message: no options icon there.
    expect(await onB.getByRole('button', { name: 'Message options' }).count()).toBe(0);
    await bCard.getByRole('tab', { name: 'Line Holder Chat' }).click();
    await bCard.getByText(MSG.noMessages).waitFor();
    await bCard.getByRole('tab', { name: 'Reserve Chat' }).click();
    await onB.waitFor();
    await saveScreenshot(b, '1280-dashboard-base-chat');
    expect(await layoutProblems(b)).toEqual([]);
    expect(await seriousViolations(b)).toEqual([]);

    // The image rules.
    const attach = aCard.getByLabel('Attach photos');
    await attach.setInputFiles(['1', '2', '3', '4', '5', '6', '7'].map((n) => png(`${n}.png`)));
    await expect.poll(() => toast(a, MSG.chatTooManyImages).isVisible()).toBe(true);
    expect(await aCard.locator('.attachment-preview').count()).toBe(0);
    await attach.setInputFiles(textFile);
    await expect.poll(() => toast(a, MSG.onlyImages).isVisible()).toBe(true);
    await attach.setInputFiles(['1', '2', '3', '4', '5', '6'].map((n) => png(`${n}.png`)));
    await expect.poll(() => aCard.locator('.attachment-preview').count()).toBe(6);
    expect(await aCard.getByRole('button', { name: 'Attach photos' }).isDisabled()).toBe(true);
    await send.click();
    await expect.poll(() => bCard.locator('.chat-line .message-images img').count()).toBe(6);

    // The full-size viewer.
    await bCard.locator('.message-image').first().click();
    const viewer = b.getByRole('dialog', { name: '1.png' });
    await viewer.waitFor();
    await b.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);

    // Two-click delete of one's own message.
    const mine = aCard.locator('.chat-line').filter({ hasText: 'Anyone on reserve Tuesday?' });
    await mine.getByRole('button', { name: 'Message options' }).click();
    expect(await mine.locator('.chat-text').count()).toBe(1);
    await mine.getByRole('button', { name: 'Delete message' }).click();
    await expect.poll(() => toast(a, MSG.chatMessageDeleted).isVisible()).toBe(true);
    await expect.poll(() => mine.count()).toBe(0);
    await expect.poll(() => onB.count()).toBe(0);
    await b.reload();
    await chatCard(b).locator('.chat-line').first().waitFor();
    expect(await chatCard(b).locator('.chat-line').filter({ hasText: 'Anyone on reserve Tuesday?' }).count()).toBe(0);
  });

  it('failures say so with the spec texts; a send whose answer was lost is retried with its key and stored once', async () => {
    const group = { base: 'MSF' };
    const alice = await makeUser(suite.app, { ...group, firstName: 'Fay', lastName: 'Failing' });
    const bob = await makeUser(suite.app, { ...group, firstName: 'Fin', lastName: 'Far' });
    await sendJson(bob, alice, 'start');
    const own = await alice.client.post('/api/base-chat', { chatType: 'reserve', content: 'mine to delete' });
    expect(own.status, own.text).toBe(201);
    const a = suite.track(await openAs(suite.browser, suite.app, alice, `/messages?user=${bob.user.id}`));
    const t = thread(a, 'Fin Far');
    await t.getByText('start').waitFor();
    const box = t.getByRole('textbox', { name: 'Message to Fin Far' });

    // The server stores the message but the answer is lost: the text comes back with the toast.
    let lose = true;
    await a.route('**/api/messages', async (route) => {
      if (route.request().method() !== 'POST' || !lose) return route.continue();
      lose = false;
      await route.fetch();
      await route.fulfill({ status: 502, body: 'Bad Gateway' });
    });
    await box.fill('stored once');
    await box.press('Enter');
    await expect.poll(() => toast(a, MSG.messageSendFailed).isVisible()).toBe(true);
    expect(await box.inputValue()).toBe('stored once');
    // The retry carries the same key: the server answers with the stored copy, not a second one.
    await box.press('Enter');
    await t.getByText('stored once').waitFor();
    await expect.poll(() => bubbles(a).count()).toBe(2);
    const stored = await bob.client.get(`/api/messages/${alice.user.id}`);
    expect((stored.body as { messages: { content: string }[] }).messages.filter((m) => m.content === 'stored once')).toHaveLength(1);
    await a.unroute('**/api/messages');

    await a.route('**/api/messages/conversation/*', (route) => route.fulfill({ status: 500, body: 'no' }));
    await t.getByRole('button', { name: 'Delete conversation' }).click();
    await a.getByRole('alertdialog', { name: 'Delete Conversation' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toast(a, MSG.conversationDeleteFailed).isVisible()).toBe(true);
    await conversationItem(a, 'Fin Far').waitFor();

    await a.goto('/');
    const card = chatCard(a);
    const mine = card.locator('.chat-line').filter({ hasText: 'mine to delete' });
    await mine.waitFor();
    await a.route('**/api/base-chat', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'no' }) : route.continue(),
    );
    const chatBox = card.getByRole('textbox', { name: 'Message to Reserve Chat' });
    await chatBox.fill('will fail');
    await chatBox.press('Enter');
    await expect.poll(() => toast(a, MSG.chatSendFailed).isVisible()).toBe(true);
    expect(await chatBox.inputValue()).toBe('will fail');
    expect(await card.locator('.chat-line').filter({ hasText: 'will fail' }).count()).toBe(0);

    await a.route('**/api/base-chat/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: 'no' }) : route.continue(),
    );
    await mine.getByRole('button', { name: 'Message options' }).click();
    await mine.getByRole('button', { name: 'Delete message' }).click();
    await expect.poll(() => toast(a, MSG.chatDeleteFailed).isVisible()).toBe(true);
    expect(await mine.count()).toBe(1);
  });

  it('a long thread shows its newest page first and Load earlier brings the rest, in order, once', async () => {
    const group = { base: 'MSP' };
    const alice = await makeUser(suite.app, { ...group, firstName: 'Pia', lastName: 'Pager' });
    const bob = await makeUser(suite.app, { ...group, firstName: 'Pat', lastName: 'Reader' });
    // 55 messages, alternating senders (each stays within the send rate).
    for (let i = 1; i <= 55; i++) await sendJson(i % 2 ? alice : bob, i % 2 ? bob : alice, `message number ${i}`);
    const a = suite.track(await openAs(suite.browser, suite.app, alice, `/messages?user=${bob.user.id}`));
    const t = thread(a, 'Pat Reader');
    await t.getByText('message number 55', { exact: true }).waitFor();
    expect(await bubbles(a).count()).toBe(50);
    expect(await t.getByText('message number 5', { exact: true }).count()).toBe(0);
    const list = t.locator('.thread-messages');
    const gapBelow = () => list.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
    // Opened at the newest message.
    await expect.poll(gapBelow).toBeLessThan(2);
    await list.evaluate((el) => (el.scrollTop = 0));
    await t.getByRole('button', { name: 'Load earlier' }).click();
    await t.getByText('message number 1', { exact: true }).waitFor();
    expect(await bubbles(a).count()).toBe(55);
    // The reader stays where they were: the earlier page is above, not in view at once.
    expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
    expect(await t.getByRole('button', { name: 'Load earlier' }).count()).toBe(0);
    const texts = await t.locator('.bubble-text').allTextContents();
    expect(texts).toEqual(Array.from({ length: 55 }, (_, i) => `message number ${i + 1}`));
  });

  it('a dropped connection catches up from REST on reconnect: the message and chat post sent meanwhile show once, a chat message deleted meanwhile goes', async () => {
    const group = { base: 'RCN' };
    const alice = await makeUser(suite.app, { ...group, firstName: 'Rita', lastName: 'Online' });
    const bob = await makeUser(suite.app, { ...group, firstName: 'Rob', lastName: 'Offline' });
    await sendJson(alice, bob, 'before the drop');
    const doomed = await alice.client.post('/api/base-chat', { chatType: 'reserve', content: 'soon deleted' });
    expect(doomed.status, doomed.text).toBe(201);

    const b = suite.track(await openAs(suite.browser, suite.app, bob, '/'));
    const bChat = chatCard(b);
    const recent = b.getByRole('region', { name: 'Recent Messages' });
    await bChat.locator('.chat-line').filter({ hasText: 'soon deleted' }).waitFor();
    await recent.getByText('before the drop').waitFor();

    // The network goes away for the socket, on both transports: while `offline`, every new
    // WebSocket is closed before it reaches the server and every polling request fails.
    let offline = false;
    await b.route('**/socket.io/**', (route) => (offline ? route.abort('internetdisconnected') : route.fallback()));
    await b.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (offline) void ws.close({ code: 1006, reason: 'offline' }).catch(() => undefined);
      else ws.connectToServer();
    });
    const bobSockets = async () => (await suite.app.server.deps.io.in(rooms.user(bob.user.id)).fetchSockets()).length;
    await expect.poll(bobSockets).toBeGreaterThan(0);
    offline = true;
    // The connection dies under the open page (as a network drop does): the server closes it.
    suite.app.server.deps.io.in(rooms.user(bob.user.id)).disconnectSockets(true);
    await expect.poll(bobSockets).toBe(0);

    await sendJson(alice, bob, 'sent while you were away');
    const posted = await alice.client.post('/api/base-chat', { chatType: 'reserve', content: 'chat while away' });
    expect(posted.status, posted.text).toBe(201);
    const del = await alice.client.delete(`/api/base-chat/${(doomed.body as { id: number }).id}`);
    expect(del.status, del.text).toBe(200);
    // Missed: with no connection nothing of it can arrive (and the page has not reloaded).
    expect(await bobSockets()).toBe(0);
    expect(await bChat.getByText('chat while away').count()).toBe(0);
    expect(await recent.getByText('sent while you were away').count()).toBe(0);
    expect(await bChat.getByText('soon deleted').count()).toBe(1);

    // The network comes back: the client reconnects on its own (socket.io backoff) and refetches.
    offline = false;
    await expect.poll(bobSockets, { timeout: 30_000 }).toBeGreaterThan(0);
    await bChat.locator('.chat-line').filter({ hasText: 'chat while away' }).waitFor({ timeout: 30_000 });
    await recent.getByText('sent while you were away').waitFor({ timeout: 30_000 });
    await expect.poll(() => bChat.locator('.chat-line').filter({ hasText: 'soon deleted' }).count()).toBe(0);
    expect(await bChat.locator('.chat-line').count()).toBe(1);
    // In-app navigation (no reload): the thread holds both messages once.
    await recent.getByRole('link', { name: /Rita Online/ }).click();
    await thread(b, 'Rita Online').getByText('sent while you were away').waitFor();
    expect(await bubbles(b).count()).toBe(2);
  });

  it('a first connection that comes only after refused attempts catches up too: the post and message sent before it show', async () => {
    const group = { base: 'RFC' };
    const alice = await makeUser(suite.app, { ...group, firstName: 'Rena', lastName: 'Sender' });
    const bob = await makeUser(suite.app, { ...group, firstName: 'Ray', lastName: 'Refused' });
    const early = await alice.client.post('/api/base-chat', { chatType: 'reserve', content: 'before you came' });
    expect(early.status, early.text).toBe(201);
    await sendJson(alice, bob, 'hello first');

    // The server refuses Bob's socket at its handshake from the start (as an instance whose
    // PostgreSQL is away does), while the page's REST loads work.
    let refusing = true;
    let attempts = 0;
    const bobCookie = bob.client.cookieHeader;
    suite.app.server.deps.io.use((socket, next) => {
      if (!refusing || !socket.request.headers.cookie?.includes(bobCookie)) return next();
      attempts++;
      next(new Error('refused'));
    });
    const context = await newCrewContext(suite.browser, suite.app.url);
    const [name, ...rest] = bobCookie.split('=');
    await context.addCookies([{ name: name!, value: rest.join('='), url: suite.app.url, httpOnly: true, sameSite: 'Lax' }]);
    const b = suite.track(await context.newPage());
    await b.goto('/');
    const bChat = chatCard(b);
    const recent = b.getByRole('region', { name: 'Recent Messages' });
    await bChat.locator('.chat-line').filter({ hasText: 'before you came' }).waitFor();
    await recent.getByText('hello first').waitFor();
    await expect.poll(() => attempts).toBeGreaterThan(0);

    // Sent after the screen loaded its data and before any socket of Bob's was in a room.
    const bobSockets = async () => (await suite.app.server.deps.io.in(rooms.user(bob.user.id)).fetchSockets()).length;
    const posted = await alice.client.post('/api/base-chat', { chatType: 'reserve', content: 'posted while refused' });
    expect(posted.status, posted.text).toBe(201);
    await sendJson(alice, bob, 'sent while refused');
    expect(await bobSockets()).toBe(0);
    expect(await bChat.getByText('posted while refused').count()).toBe(0);

    refusing = false;
    await expect.poll(bobSockets, { timeout: 30_000 }).toBeGreaterThan(0);
    await bChat.locator('.chat-line').filter({ hasText: 'posted while refused' }).waitFor({ timeout: 30_000 });
    await recent.getByText('sent while refused').waitFor({ timeout: 30_000 });
    expect(await bChat.locator('.chat-line').count()).toBe(2);
  });

  describe.each([
    ['1280', false],
    ['375', true],
  ] as const)('layout at %s px', (width, mobile) => {
    it('messages (empty, list, thread with long names and long messages), the dashboard cards, the dialog', async () => {
      const group = { base: `MW${width}` };
      const me = await makeUser(suite.app, { ...group, firstName: 'Lee', lastName: 'Layout' });
      const page = suite.track(await openAs(suite.browser, suite.app, me, '/messages', mobile));
      await page.getByText(MSG.noConversations).waitFor();
      await saveScreenshot(page, `${width}-messages-empty`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      const longName = await makeUser(suite.app, {
        ...group,
        firstName: 'Maximiliana-Alexandrina',
        lastName: 'Montgomery-Worthington-Smythe',
      });
      const short = await makeUser(suite.app, { ...group, firstName: 'Jo', lastName: 'Li' });
      const long = 'A long message that keeps going to see how the bubble wraps its text across lines. '.repeat(5);
      await sendJson(short, me, 'hi');
      await sendJson(me, longName, 'Hello there');
      await sendJson(longName, me, long);
      await sendJson(longName, me, 'Averyveryverylongwordwithoutanyspacesatalltoseethatitbreaksinsidethebubble'.repeat(2));
      await sendJson(longName, me, 'Short one');

      await page.goto('/');
      const recent = page.getByRole('region', { name: 'Recent Messages' });
      await recent.getByText('Maximiliana-Alexandrina Montgomery-Worthington-Smythe').waitFor();
      // The first 3 conversations whose last message is from the other person: not the one I wrote last.
      await sendJson(me, short, 'my reply is the last');
      const rows = recent.getByRole('listitem');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.getByRole('link').getAttribute('href')).toBe(`/messages?user=${longName.user.id}`);
      await chatCard(page).getByText(MSG.noMessages).waitFor();
      await saveScreenshot(page, `${width}-dashboard-messages-and-chat-empty`);
      expect(await layoutProblems(page)).toEqual([]);

      const chat = await longName.client.post('/api/base-chat', { chatType: 'reserve', content: long });
      expect(chat.status, chat.text).toBe(201);
      await chatCard(page).locator('.chat-line').waitFor();
      await saveScreenshot(page, `${width}-dashboard-chat-long`);
      expect(await layoutProblems(page)).toEqual([]);

      await page.goto('/messages');
      await conversationItem(page, 'Maximiliana').waitFor();
      await saveScreenshot(page, `${width}-messages-list`);
      expect(await layoutProblems(page)).toEqual([]);
      if (mobile) expect(await page.locator('.thread-pane').count()).toBe(0);

      await conversationItem(page, 'Maximiliana').click();
      const t = thread(page, 'Maximiliana-Alexandrina Montgomery-Worthington-Smythe');
      await t.getByText('Short one').waitFor();
      await saveScreenshot(page, `${width}-messages-thread-long`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      if (mobile) {
        expect(await page.locator('.conversations-pane').count()).toBe(0);
        await t.getByRole('button', { name: 'Back to conversations' }).click();
        await conversationItem(page, 'Jo Li').waitFor();
      }

      await page.getByRole('button', { name: 'New Message' }).click();
      await page.getByRole('dialog', { name: 'New Message' }).getByRole('button', { name: /Jo Li/ }).waitFor();
      await saveScreenshot(page, `${width}-new-message-dialog`);
      expect(await layoutProblems(page)).toEqual([]);
    });
  });
});
