import { Migration } from '@mikro-orm/migrations';

export class Migration20261123010251 extends Migration {

  override name = 'Migration20261123010251';

  override up(): void | Promise<void> {
    this.addSql(`create table "email_templates" ("id" serial primary key, "template_type" varchar(40) not null, "template_name" varchar(255) not null, "subject_template" text not null, "html_template" text not null, "variables" text[] not null default '{}', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`);
    this.addSql(`alter table "email_templates" add constraint "email_templates_template_type_unique" unique ("template_type");`);

    this.addSql(`create table "mail_outbox" ("id" serial primary key, "recipient" varchar(255) not null, "subject" text not null, "html" text not null, "text" text null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "mail_outbox_recipient_index" on "mail_outbox" ("recipient");`);

    this.addSql(`create table "sessions" ("sid" varchar(64) not null, "sess" jsonb not null, "expire" timestamptz not null, "user_id" int null, primary key ("sid"));`);
    this.addSql(`create index "sessions_expire_index" on "sessions" ("expire");`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);

    this.addSql(`create table "users" ("id" serial primary key, "email" varchar(255) not null, "password" varchar(255) null, "first_name" varchar(100) null, "last_name" varchar(100) null, "profile_image_url" varchar(500) null, "employee_number" varchar(50) null, "base" varchar(10) null, "airline" varchar(30) null, "position" varchar(30) null, "aircraft_type" varchar(30) null, "email_notifications" boolean not null default true, "welcome_message_sent" boolean not null default false, "is_admin" boolean not null default false, "auth_type" varchar(20) not null default 'local', "email_verified" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`alter table "users" add constraint "users_employee_number_unique" unique ("employee_number");`);

    this.addSql(`create table "support_requests" ("id" serial primary key, "user_id" int not null, "category" varchar(30) not null, "subject" varchar(200) not null, "message" text not null, "status" varchar(20) not null default 'open', "priority" varchar(20) not null default 'normal', "admin_response" text null, "admin_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "resolved_at" timestamptz null);`);
    this.addSql(`create index "support_requests_user_id_index" on "support_requests" ("user_id");`);

    this.addSql(`create table "schedule_images" ("id" serial primary key, "user_id" int not null, "filename" varchar(255) not null, "original_name" varchar(255) not null, "mime_type" varchar(50) not null, "size" int not null, "uploaded_at" timestamptz not null default now());`);
    this.addSql(`create index "schedule_images_user_id_index" on "schedule_images" ("user_id");`);

    this.addSql(`create table "requests" ("id" serial primary key, "user_id" int not null, "type" varchar(10) not null, "date" date not null, "additional_dates" text[] not null default '{}', "desired_dates" text[] not null default '{}', "route_type" varchar(20) not null, "route" varchar(500) null, "reserve_period" varchar(500) null, "trip_days" int null default 1, "aircraft_type" varchar(30) null, "notes" text null, "status" varchar(20) not null default 'active', "group_key" varchar(120) not null, "all_dates" text[] not null, "last_date" date not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "requests_user_id_index" on "requests" ("user_id");`);
    this.addSql(`create index "requests_board_index" on "requests" ("group_key", "status", "date");`);
    this.addSql(`create index "requests_match_index" on "requests" ("group_key", "type", "status", "last_date");`);
    this.addSql(`create index "requests_all_dates_gin" on "requests" using gin ("all_dates");`);
    this.addSql(`create index "requests_desired_dates_gin" on "requests" using gin ("desired_dates");`);

    this.addSql(`create table "trip_images" ("id" serial primary key, "request_id" int not null, "filename" varchar(255) not null, "original_name" varchar(255) not null, "mime_type" varchar(50) not null, "size" int not null, "uploaded_at" timestamptz not null default now());`);
    this.addSql(`create index "trip_images_request_id_index" on "trip_images" ("request_id");`);

    this.addSql(`create table "matches" ("id" serial primary key, "request_id" int not null, "matched_request_id" int not null, "status" varchar(20) not null default 'pending', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "matches_matched_request_id_index" on "matches" ("matched_request_id");`);
    this.addSql(`alter table "matches" add constraint "matches_pair_unique" unique ("request_id", "matched_request_id");`);

    this.addSql(`create table "trades" ("id" serial primary key, "match_id" int null, "request_id" int null, "matched_request_id" int null, "approved_at" timestamptz not null default now(), "notes" text null);`);
    this.addSql(`create index "trades_match_id_index" on "trades" ("match_id");`);

    this.addSql(`create table "password_reset_tokens" ("id" serial primary key, "user_id" int not null, "token" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "password_reset_tokens" add constraint "password_reset_tokens_token_unique" unique ("token");`);

    this.addSql(`create table "trade_requests" ("id" serial primary key, "from_user_id" int not null, "to_user_id" int not null, "request_id" int null, "status" varchar(20) not null default 'pending', "message" text null, "trade_date" date null, "offer_route" varchar(500) null, "offer_reserve_period" varchar(500) null, "request_type" varchar(10) not null default 'pickup', "created_at" timestamptz not null default now(), "responded_at" timestamptz null);`);
    this.addSql(`create index "trade_requests_request_id_index" on "trade_requests" ("request_id");`);
    this.addSql(`create index "trade_requests_to_status_index" on "trade_requests" ("to_user_id", "status");`);
    this.addSql(`create index "trade_requests_from_status_index" on "trade_requests" ("from_user_id", "status");`);

    this.addSql(`create table "trade_hidden_by_user" ("id" serial primary key, "user_id" int not null, "trade_request_id" int not null, "hidden_at" timestamptz not null default now());`);
    this.addSql(`alter table "trade_hidden_by_user" add constraint "trade_hidden_unique" unique ("user_id", "trade_request_id");`);

    this.addSql(`create table "trade_request_notifications" ("id" serial primary key, "user_id" int not null, "trade_request_id" int not null, "type" varchar(30) not null default 'trade_request', "is_read" boolean not null default false, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "trade_request_notifications_trade_request_id_index" on "trade_request_notifications" ("trade_request_id");`);
    this.addSql(`create index "trade_request_notifications_user_read_index" on "trade_request_notifications" ("user_id", "is_read");`);

    this.addSql(`create table "trade_request_images" ("id" serial primary key, "trade_request_id" int not null, "filename" varchar(255) not null, "original_name" varchar(255) not null, "mime_type" varchar(50) not null, "size" int not null, "uploaded_at" timestamptz not null default now());`);
    this.addSql(`create index "trade_request_images_trade_request_id_index" on "trade_request_images" ("trade_request_id");`);

    this.addSql(`create table "notification_acknowledgments" ("id" serial primary key, "user_id" int not null, "match_id" int not null, "acknowledged_at" timestamptz not null default now());`);
    this.addSql(`create index "notification_acknowledgments_match_id_index" on "notification_acknowledgments" ("match_id");`);
    this.addSql(`alter table "notification_acknowledgments" add constraint "notification_ack_unique" unique ("user_id", "match_id");`);

    this.addSql(`create table "messages" ("id" serial primary key, "from_user_id" int not null, "to_user_id" int not null, "content" text not null, "match_id" int null, "is_read" boolean not null default false, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "messages_unread_index" on "messages" ("to_user_id", "is_read");`);
    this.addSql(`create index "messages_pair_index" on "messages" ("from_user_id", "to_user_id", "created_at");`);

    this.addSql(`create table "message_attachments" ("id" serial primary key, "message_id" int not null, "filename" varchar(255) not null, "original_name" varchar(255) not null, "mime_type" varchar(50) not null, "size" int not null, "uploaded_at" timestamptz not null default now());`);
    this.addSql(`create index "message_attachments_message_id_index" on "message_attachments" ("message_id");`);

    this.addSql(`create table "base_chat_messages" ("id" serial primary key, "user_id" int not null, "airline" varchar(30) not null, "base" varchar(10) not null, "position" varchar(30) not null, "chat_type" varchar(20) not null, "content" text not null default '', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "base_chat_messages_user_id_index" on "base_chat_messages" ("user_id");`);
    this.addSql(`create index "base_chat_room_index" on "base_chat_messages" ("airline", "base", "position", "chat_type", "created_at");`);

    this.addSql(`create table "base_chat_message_attachments" ("id" serial primary key, "message_id" int not null, "filename" varchar(255) not null, "original_name" varchar(255) not null, "mime_type" varchar(50) not null, "size" int not null, "uploaded_at" timestamptz not null default now());`);
    this.addSql(`create index "base_chat_message_attachments_message_id_index" on "base_chat_message_attachments" ("message_id");`);

    this.addSql(`create table "admin_notifications" ("id" serial primary key, "admin_id" int not null, "notification_type" varchar(40) not null, "reference_id" int null, "title" varchar(255) not null, "message" text not null, "is_read" boolean not null default false, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "admin_notifications_admin_read_index" on "admin_notifications" ("admin_id", "is_read");`);

    this.addSql(`create table "admin_logs" ("id" serial primary key, "admin_id" int null, "action" varchar(40) not null, "target_user_id" int null, "details" text null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "admin_logs_created_at_index" on "admin_logs" ("created_at");`);

    this.addSql(`create table "user_activity_logs" ("id" serial primary key, "user_id" int null, "activity_type" varchar(40) not null, "target_user_id" int null, "reference_id" int null, "reference_type" varchar(40) null, "email_type" varchar(40) null, "email_sent" boolean null, "email_recipient" varchar(255) null, "metadata" text null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "user_activity_logs_user_id_index" on "user_activity_logs" ("user_id");`);
    this.addSql(`create index "user_activity_created_index" on "user_activity_logs" ("created_at");`);

    this.addSql(`alter table "support_requests" add constraint "support_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "support_requests" add constraint "support_requests_admin_id_foreign" foreign key ("admin_id") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "schedule_images" add constraint "schedule_images_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "requests" add constraint "requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "trip_images" add constraint "trip_images_request_id_foreign" foreign key ("request_id") references "requests" ("id") on delete cascade;`);

    this.addSql(`alter table "matches" add constraint "matches_request_id_foreign" foreign key ("request_id") references "requests" ("id") on delete cascade;`);
    this.addSql(`alter table "matches" add constraint "matches_matched_request_id_foreign" foreign key ("matched_request_id") references "requests" ("id") on delete cascade;`);

    this.addSql(`alter table "trades" add constraint "trades_match_id_foreign" foreign key ("match_id") references "matches" ("id") on delete set null;`);
    this.addSql(`alter table "trades" add constraint "trades_request_id_foreign" foreign key ("request_id") references "requests" ("id") on delete set null;`);
    this.addSql(`alter table "trades" add constraint "trades_matched_request_id_foreign" foreign key ("matched_request_id") references "requests" ("id") on delete set null;`);

    this.addSql(`alter table "password_reset_tokens" add constraint "password_reset_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "trade_requests" add constraint "trade_requests_from_user_id_foreign" foreign key ("from_user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "trade_requests" add constraint "trade_requests_to_user_id_foreign" foreign key ("to_user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "trade_requests" add constraint "trade_requests_request_id_foreign" foreign key ("request_id") references "requests" ("id") on delete set null;`);

    this.addSql(`alter table "trade_hidden_by_user" add constraint "trade_hidden_by_user_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "trade_hidden_by_user" add constraint "trade_hidden_by_user_trade_request_id_foreign" foreign key ("trade_request_id") references "trade_requests" ("id") on delete cascade;`);

    this.addSql(`alter table "trade_request_notifications" add constraint "trade_request_notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "trade_request_notifications" add constraint "trade_request_notifications_trade_request_id_foreign" foreign key ("trade_request_id") references "trade_requests" ("id") on delete cascade;`);

    this.addSql(`alter table "trade_request_images" add constraint "trade_request_images_trade_request_id_foreign" foreign key ("trade_request_id") references "trade_requests" ("id") on delete cascade;`);

    this.addSql(`alter table "notification_acknowledgments" add constraint "notification_acknowledgments_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "notification_acknowledgments" add constraint "notification_acknowledgments_match_id_foreign" foreign key ("match_id") references "matches" ("id") on delete cascade;`);

    this.addSql(`alter table "messages" add constraint "messages_from_user_id_foreign" foreign key ("from_user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "messages" add constraint "messages_to_user_id_foreign" foreign key ("to_user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "messages" add constraint "messages_match_id_foreign" foreign key ("match_id") references "matches" ("id") on delete set null;`);

    this.addSql(`alter table "message_attachments" add constraint "message_attachments_message_id_foreign" foreign key ("message_id") references "messages" ("id") on delete cascade;`);

    this.addSql(`alter table "base_chat_messages" add constraint "base_chat_messages_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "base_chat_message_attachments" add constraint "base_chat_message_attachments_message_id_foreign" foreign key ("message_id") references "base_chat_messages" ("id") on delete cascade;`);

    this.addSql(`alter table "admin_notifications" add constraint "admin_notifications_admin_id_foreign" foreign key ("admin_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "admin_logs" add constraint "admin_logs_admin_id_foreign" foreign key ("admin_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "admin_logs" add constraint "admin_logs_target_user_id_foreign" foreign key ("target_user_id") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "user_activity_logs" add constraint "user_activity_logs_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "user_activity_logs" add constraint "user_activity_logs_target_user_id_foreign" foreign key ("target_user_id") references "users" ("id") on delete set null;`);
  }

}
