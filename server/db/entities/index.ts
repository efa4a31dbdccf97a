import { CalendarFeed } from './calendar.entity.ts';
import {
  AdminLog,
  AdminNotification,
  EmailTemplate,
  OutboxMail,
  SupportRequest,
  UserActivityLog,
  UserActivityMonthly,
} from './admin.entity.ts';
import {
  BaseChatMessage,
  BaseChatMessageAttachment,
  ConversationCleared,
  Message,
  MessageAttachment,
  ScheduleImage,
} from './message.entity.ts';
import { NotificationOutboxEntry } from './outbox.entity.ts';
import { PushSubscription, ServerSecret } from './push.entity.ts';
import { AirlineRosterRule, Roster } from './roster.entity.ts';
import { Offer, OfferImage, OfferNotification, TradeHiddenByUser } from './offer.entity.ts';
import { Match, NotificationAcknowledgment, Trade, TradeChain, TradeChainMember, TradeRequest, TripImage } from './request.entity.ts';
import { EmailVerificationToken, PasswordResetToken, Session, User } from './user.entity.ts';

export * from './admin.entity.ts';
export * from './calendar.entity.ts';
export * from './message.entity.ts';
export * from './offer.entity.ts';
export * from './outbox.entity.ts';
export * from './push.entity.ts';
export * from './request.entity.ts';
export * from './roster.entity.ts';
export * from './user.entity.ts';

export const entities = [
  User,
  Session,
  PasswordResetToken,
  EmailVerificationToken,
  TradeRequest,
  TripImage,
  Match,
  TradeChain,
  TradeChainMember,
  Trade,
  NotificationAcknowledgment,
  Offer,
  OfferImage,
  OfferNotification,
  TradeHiddenByUser,
  Message,
  MessageAttachment,
  ConversationCleared,
  BaseChatMessage,
  BaseChatMessageAttachment,
  ScheduleImage,
  SupportRequest,
  AdminLog,
  AdminNotification,
  EmailTemplate,
  UserActivityLog,
  UserActivityMonthly,
  OutboxMail,
  NotificationOutboxEntry,
  CalendarFeed,
  PushSubscription,
  ServerSecret,
  Roster,
  AirlineRosterRule,
];
