// Long because it is data: every table of the platform, in one statement list applied at start.
/**
 * The platform's tables. Times are ISO 8601 UTC strings (`Date#toISOString`), so they compare correctly as text.
 * Text columns holding media references use the `{{media}}` placeholder (see media.ts).
 */
/**
 * Bumped whenever a table changes shape. A database written by another version holds only demo data, so it is
 * dropped and seeded afresh rather than migrated.
 */
export const SCHEMA_VERSION = 8;

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS official_accounts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  avatar TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  follower_count INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL UNIQUE,
  alias TEXT NOT NULL,
  avatar TEXT NOT NULL,
  -- NULL: the account has never set a password and can only log in with a code.
  password_hash TEXT,
  -- The official account this user speaks for; its name is shown beside the user's comments.
  official_account_id INTEGER REFERENCES official_accounts(id),
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS tokens (
  id INTEGER PRIMARY KEY,
  -- sha256 of the token; the token itself is never stored.
  token_hash TEXT NOT NULL UNIQUE,
  -- NULL: an anonymous token.
  user_id INTEGER REFERENCES users(id),
  appid INTEGER NOT NULL,
  platform TEXT NOT NULL,
  device_id TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);

CREATE TABLE IF NOT EXISTS verification_codes (
  id INTEGER PRIMARY KEY,
  tel TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  ip TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  used_at TEXT
);
CREATE INDEX IF NOT EXISTS verification_codes_by_tel ON verification_codes (tel, created_at);
CREATE INDEX IF NOT EXISTS verification_codes_by_ip ON verification_codes (ip, created_at);

-- The development SMS gateway: messages that a real platform would have sent.
CREATE TABLE IF NOT EXISTS sms_outbox (
  id INTEGER PRIMARY KEY,
  tel TEXT NOT NULL,
  code TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- Statistics received at /tracker/log: one row per content id an event names (an expose of three cards is three
-- rows); content_id is '' for an event that names a page path instead.
CREATE TABLE IF NOT EXISTS tracker_events (
  id INTEGER PRIMARY KEY,
  behavior TEXT NOT NULL,
  content_id TEXT NOT NULL,
  -- The content's row, decoded from content_id; kept without a foreign key, as statistics outlive content.
  content_row_id INTEGER,
  path TEXT NOT NULL,
  duration INTEGER,
  percent INTEGER,
  user_id TEXT NOT NULL,
  -- The reader: one device id however many pages it reads, '' when the site did not know it.
  device_id TEXT NOT NULL,
  anonymous_id TEXT NOT NULL,
  device_type TEXT NOT NULL,
  device_os TEXT NOT NULL,
  happened_at TEXT NOT NULL,
  received_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tracker_events_by_content ON tracker_events (content_id, path);
CREATE INDEX IF NOT EXISTS tracker_events_by_user ON tracker_events (user_id);
CREATE INDEX IF NOT EXISTS tracker_events_by_device ON tracker_events (device_id);

CREATE TABLE IF NOT EXISTS password_failures (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS password_failures_by_user ON password_failures (user_id, created_at);

CREATE TABLE IF NOT EXISTS content_groups (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  sort INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS contents (
  id INTEGER PRIMARY KEY,
  content_type TEXT NOT NULL CHECK (content_type IN ('article', 'video', 'svideo', 'audio', 'image', 'video_album',
    'audio_album', 'mini_program', 'link', 'local_live', 'special', 'clue_report', 'h5', 'cloud_form', 'topic', 'sp_topic',
    'live', 'vote', 'quiz')),
  title TEXT NOT NULL,
  summary TEXT NOT NULL DEFAULT '',
  source_alias TEXT NOT NULL DEFAULT '',
  -- Rich HTML exactly as the CMS produced it: unsanitized.
  body TEXT NOT NULL DEFAULT '',
  -- JSON [{ thumb, url, wbep_thumb }].
  covers TEXT NOT NULL DEFAULT '[]',
  -- JSON [{ url, thumb, description, width, height }]: the pictures of a gallery.
  images TEXT NOT NULL DEFAULT '[]',
  -- The MP4 of a video or the file of an audio.
  media_url TEXT NOT NULL DEFAULT '',
  -- The same video as an HLS playlist (.m3u8), '' when there is none.
  hls_url TEXT NOT NULL DEFAULT '',
  -- Pixel size of a video (0 for audio and other types): pages reserve its box before it loads.
  media_width INTEGER NOT NULL DEFAULT 0,
  media_height INTEGER NOT NULL DEFAULT 0,
  duration_sec INTEGER NOT NULL DEFAULT 0,
  -- JSON, a subset of the contract's payload; the rest takes defaults.
  payload TEXT NOT NULL DEFAULT '{}',
  official_account_id INTEGER REFERENCES official_accounts(id),
  -- 0 draft (readable only through a signed preview link), 1 published, 17 taken offline, 100 deleted.
  state INTEGER NOT NULL DEFAULT 1,
  recommended INTEGER NOT NULL DEFAULT 0,
  comment_enabled INTEGER NOT NULL DEFAULT 1,
  -- Albums only: 1 when the album is complete, 0 while episodes are still being added.
  album_finished INTEGER,
  view_count INTEGER NOT NULL DEFAULT 0,
  like_count INTEGER NOT NULL DEFAULT 0,
  collect_count INTEGER NOT NULL DEFAULT 0,
  comment_count INTEGER NOT NULL DEFAULT 0,
  publish_at TEXT NOT NULL,
  expired_at TEXT,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS contents_by_publish ON contents (state, publish_at);

CREATE TABLE IF NOT EXISTS content_group_items (
  group_id INTEGER NOT NULL REFERENCES content_groups(id),
  content_id INTEGER NOT NULL REFERENCES contents(id),
  PRIMARY KEY (group_id, content_id)
);

-- The sections (tabs) of a special topic, in order.
CREATE TABLE IF NOT EXISTS special_sections (
  id INTEGER PRIMARY KEY,
  special_id INTEGER NOT NULL REFERENCES contents(id),
  name TEXT NOT NULL,
  sort INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS special_sections_by_special ON special_sections (special_id, sort);

-- Episodes of an album and the items of a special topic, in order; a special's items each sit in one section.
CREATE TABLE IF NOT EXISTS content_children (
  parent_id INTEGER NOT NULL REFERENCES contents(id),
  child_id INTEGER NOT NULL REFERENCES contents(id),
  sort INTEGER NOT NULL,
  section_id INTEGER REFERENCES special_sections(id),
  PRIMARY KEY (parent_id, child_id)
);

CREATE TABLE IF NOT EXISTS comments (
  id INTEGER PRIMARY KEY,
  content_id INTEGER NOT NULL REFERENCES contents(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  -- NULL for a level-1 comment; the level-1 comment a reply belongs to otherwise.
  parent_id INTEGER REFERENCES comments(id),
  -- The author of the comment or reply being answered.
  target_user_id INTEGER REFERENCES users(id),
  -- Plain text, never HTML.
  content TEXT NOT NULL,
  ip_location TEXT NOT NULL DEFAULT '',
  star_count INTEGER NOT NULL DEFAULT 0,
  reply_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS comments_by_content ON comments (content_id, parent_id, created_at);
CREATE INDEX IF NOT EXISTS comments_by_parent ON comments (parent_id, created_at);
CREATE INDEX IF NOT EXISTS comments_by_user ON comments (user_id, created_at);

CREATE TABLE IF NOT EXISTS comment_stars (
  user_id INTEGER NOT NULL REFERENCES users(id),
  comment_id INTEGER NOT NULL REFERENCES comments(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, comment_id)
);

CREATE TABLE IF NOT EXISTS collections (
  user_id INTEGER NOT NULL REFERENCES users(id),
  content_id INTEGER NOT NULL REFERENCES contents(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, content_id)
);

CREATE TABLE IF NOT EXISTS content_likes (
  user_id INTEGER NOT NULL REFERENCES users(id),
  content_id INTEGER NOT NULL REFERENCES contents(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, content_id)
);

CREATE TABLE IF NOT EXISTS follows (
  user_id INTEGER NOT NULL REFERENCES users(id),
  official_account_id INTEGER NOT NULL REFERENCES official_accounts(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, official_account_id)
);

-- Runtime configuration served by /peony/v1/static-data and /peony/v1/app/info, as JSON text.
CREATE TABLE IF NOT EXISTS static_data (
  module_name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
-- Titled lists of content an editor curates (/peony/v1/list/{list_id}), items in order.
CREATE TABLE IF NOT EXISTS content_lists (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS content_list_items (
  list_id INTEGER NOT NULL REFERENCES content_lists(id),
  content_id INTEGER NOT NULL REFERENCES contents(id),
  sort INTEGER NOT NULL,
  PRIMARY KEY (list_id, content_id)
);

-- Content models (/peony/v1/content_model): a titled page of content in tabs (its groups), items in order.
CREATE TABLE IF NOT EXISTS content_models (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS content_model_groups (
  id INTEGER PRIMARY KEY,
  model_id INTEGER NOT NULL REFERENCES content_models(id),
  name TEXT NOT NULL,
  sort INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS content_model_items (
  group_id INTEGER NOT NULL REFERENCES content_model_groups(id),
  content_id INTEGER NOT NULL REFERENCES contents(id),
  sort INTEGER NOT NULL,
  PRIMARY KEY (group_id, content_id)
);

-- What people search for now (/peony/v1/search/hot-words), in order; label is '', '热' or '新'.
CREATE TABLE IF NOT EXISTS hot_words (
  id INTEGER PRIMARY KEY,
  word TEXT NOT NULL UNIQUE,
  heat INTEGER NOT NULL,
  label TEXT NOT NULL DEFAULT '',
  sort INTEGER NOT NULL
);

-- The clue report (tip-offs, 爆料). A clue is a contents row of type clue_report, so comments, collections and
-- counts work as for any content; these tables hold what only clues have.
CREATE TABLE IF NOT EXISTS clue_topics (
  id INTEGER PRIMARY KEY,
  -- The public key of a topic (its URL segment): unique, shown as the topic's title.
  name TEXT NOT NULL UNIQUE,
  description TEXT NOT NULL DEFAULT '',
  cover TEXT NOT NULL DEFAULT '',
  -- Recommended topics are listed by recommend_topics in this order; 0 means not recommended.
  recommend_sort INTEGER NOT NULL DEFAULT 0
);

-- The channels (tabs) of a topic, in order.
CREATE TABLE IF NOT EXISTS clue_channels (
  id INTEGER PRIMARY KEY,
  topic_id INTEGER NOT NULL REFERENCES clue_topics(id),
  name TEXT NOT NULL,
  sort INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS clue_channels_by_topic ON clue_channels (topic_id, sort);

-- Who reports clues: a user with a reporter profile.
CREATE TABLE IF NOT EXISTS clue_reporters (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  intro TEXT NOT NULL DEFAULT '',
  location TEXT NOT NULL DEFAULT ''
);

CREATE TABLE IF NOT EXISTS clues (
  content_id INTEGER PRIMARY KEY REFERENCES contents(id),
  reporter_id INTEGER NOT NULL REFERENCES clue_reporters(user_id),
  channel_id INTEGER NOT NULL REFERENCES clue_channels(id),
  -- Where and when it happened, as the reporter told it.
  location TEXT NOT NULL DEFAULT '',
  happened_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS clues_by_reporter ON clues (reporter_id);
CREATE INDEX IF NOT EXISTS clues_by_channel ON clues (channel_id);

-- Reporters a clue mentions (@): their "at TA" list.
CREATE TABLE IF NOT EXISTS clue_mentions (
  content_id INTEGER NOT NULL REFERENCES clues(content_id),
  user_id INTEGER NOT NULL REFERENCES clue_reporters(user_id),
  PRIMARY KEY (content_id, user_id)
);
CREATE INDEX IF NOT EXISTS clue_mentions_by_user ON clue_mentions (user_id);
-- Pages: invitations, activities and fly-card decks.
-- An invitation code: who invites, what an invitee gets, until when.
CREATE TABLE IF NOT EXISTS invite_codes (
  code TEXT PRIMARY KEY,
  inviter_id INTEGER NOT NULL REFERENCES users(id),
  reward_title TEXT NOT NULL,
  reward_description TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
-- Who joined by a code (/peony/v1/invite/record).
CREATE TABLE IF NOT EXISTS invite_records (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL REFERENCES invite_codes(code),
  invitee_id INTEGER NOT NULL REFERENCES users(id),
  joined_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS invite_records_by_code ON invite_records (code, joined_at);

-- Activities (/peony/v1/activity): whether one is upcoming, running or over follows from its time window.
CREATE TABLE IF NOT EXISTS activities (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  summary TEXT NOT NULL DEFAULT '',
  cover TEXT NOT NULL DEFAULT '',
  -- Rich HTML exactly as the CMS produced it: unsanitized.
  rules TEXT NOT NULL DEFAULT '',
  location TEXT NOT NULL DEFAULT '',
  start_at TEXT NOT NULL,
  end_at TEXT NOT NULL,
  participant_count INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 1
);

-- Fly-card decks (/peony/v1/fly_card): swipeable cards, each an editor's headline over one content item.
CREATE TABLE IF NOT EXISTS fly_card_decks (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  cover TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS fly_cards (
  deck_id INTEGER NOT NULL REFERENCES fly_card_decks(id),
  content_id INTEGER NOT NULL REFERENCES contents(id),
  sort INTEGER NOT NULL,
  headline TEXT NOT NULL,
  blurb TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (deck_id, content_id)
);

-- Community (dimim): circles, their posts, the topics posts are tagged with, and replies to a post.
CREATE TABLE IF NOT EXISTS circles (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  avatar TEXT NOT NULL DEFAULT '',
  cover TEXT NOT NULL DEFAULT '',
  member_count INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS circle_posts (
  id INTEGER PRIMARY KEY,
  circle_id INTEGER NOT NULL REFERENCES circles(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  -- Plain text as the member typed it: never HTML.
  content TEXT NOT NULL,
  -- JSON [{ url, thumb, width, height }].
  images TEXT NOT NULL DEFAULT '[]',
  -- JSON { url, poster, width, height, duration_sec } or NULL.
  video TEXT,
  ip_location TEXT NOT NULL DEFAULT '',
  view_count INTEGER NOT NULL DEFAULT 0,
  like_count INTEGER NOT NULL DEFAULT 0,
  -- 1 published; anything else is not served.
  state INTEGER NOT NULL DEFAULT 1,
  publish_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS circle_posts_by_circle ON circle_posts (circle_id, publish_at);

CREATE TABLE IF NOT EXISTS circle_topics (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  description TEXT NOT NULL DEFAULT '',
  cover TEXT NOT NULL DEFAULT ''
);

CREATE TABLE IF NOT EXISTS circle_post_topics (
  post_id INTEGER NOT NULL REFERENCES circle_posts(id),
  topic_id INTEGER NOT NULL REFERENCES circle_topics(id),
  PRIMARY KEY (post_id, topic_id)
);
CREATE INDEX IF NOT EXISTS circle_post_topics_by_topic ON circle_post_topics (topic_id);

CREATE TABLE IF NOT EXISTS circle_replies (
  id INTEGER PRIMARY KEY,
  post_id INTEGER NOT NULL REFERENCES circle_posts(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  -- The member answered, when the reply answers another reply.
  reply_to_user_id INTEGER REFERENCES users(id),
  content TEXT NOT NULL,
  ip_location TEXT NOT NULL DEFAULT '',
  like_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS circle_replies_by_post ON circle_replies (post_id, created_at);

-- Law questions (fazak) and their answers; an answer by a user with a lawyer profile is a lawyer's answer.
CREATE TABLE IF NOT EXISTS lawyers (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  -- e.g. 执业律师 · 临江明理律师事务所
  title TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS law_questions (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  category TEXT NOT NULL DEFAULT '',
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  view_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS law_answers (
  id INTEGER PRIMARY KEY,
  question_id INTEGER NOT NULL REFERENCES law_questions(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  content TEXT NOT NULL,
  like_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS law_answers_by_question ON law_answers (question_id);

-- Places a broadcast happens at (/peony/v3/lbs/{id}) and their weather (/peony/v3/lbs_weather/{id}).
CREATE TABLE IF NOT EXISTS lbs_places (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  address TEXT NOT NULL,
  lat REAL NOT NULL,
  lng REAL NOT NULL,
  city TEXT NOT NULL,
  weather TEXT NOT NULL,
  -- Degrees Celsius.
  temperature INTEGER NOT NULL
);

-- Live broadcasts (local_live): one room per broadcast, tied to its content. The status (upcoming, live, ended) is
-- computed from the clock against start_time and end_time; last_status is the one the streams last announced.
CREATE TABLE IF NOT EXISTS live_rooms (
  id INTEGER PRIMARY KEY,
  -- The public id, [A-Za-z0-9_-]{1,64}.
  live_id TEXT NOT NULL UNIQUE,
  content_id INTEGER NOT NULL UNIQUE REFERENCES contents(id),
  -- The chat group of the app's real-time messaging.
  group_id TEXT NOT NULL,
  style TEXT NOT NULL CHECK (style IN ('image', 'landscape', 'portrait')),
  start_time TEXT NOT NULL,
  end_time TEXT NOT NULL,
  last_status INTEGER NOT NULL DEFAULT 0,
  countdown_show INTEGER NOT NULL DEFAULT 1,
  countdown_title TEXT NOT NULL DEFAULT '',
  -- The live HLS variant while live ('landscape' or 'portrait'); NULL for an image broadcast (no video).
  stream TEXT CHECK (stream IN ('landscape', 'portrait')),
  -- JSON [{ title, url, cover, duration }]: replays.
  playlists TEXT NOT NULL DEFAULT '[]',
  -- JSON [{ id, name, type }]: the tabs, in order.
  columns TEXT NOT NULL DEFAULT '[]',
  host_name TEXT NOT NULL,
  host_avatar TEXT NOT NULL,
  lbs_id INTEGER REFERENCES lbs_places(id),
  online_count INTEGER NOT NULL DEFAULT 0,
  like_count INTEGER NOT NULL DEFAULT 0,
  -- People who booked before the platform kept bookings (the seed's audience); real ones are rows of live_bookings.
  booking_base INTEGER NOT NULL DEFAULT 0,
  -- The broadcast's event sequence: the id of the last event its stream sent.
  event_seq INTEGER NOT NULL DEFAULT 0
);

-- What a broadcast's stream carries and replays: the host's posts (kind 'post', the 图文直播) and the viewers' chat
-- (kind 'message'), each with the event id (seq) it was sent under.
CREATE TABLE IF NOT EXISTS live_messages (
  id INTEGER PRIMARY KEY,
  room_id INTEGER NOT NULL REFERENCES live_rooms(id),
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('post', 'message')),
  -- Posts: text, image or video; messages: text.
  format TEXT NOT NULL DEFAULT 'text' CHECK (format IN ('text', 'image', 'video')),
  -- Plain text, never HTML.
  text TEXT NOT NULL DEFAULT '',
  -- JSON [{ url, width, height }].
  pictures TEXT NOT NULL DEFAULT '[]',
  -- JSON { url, poster } or NULL.
  video TEXT,
  -- Messages: the viewer who wrote it; NULL for the host's posts.
  user_id INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS live_messages_by_seq ON live_messages (room_id, seq);
CREATE INDEX IF NOT EXISTS live_messages_by_kind ON live_messages (room_id, kind, id);
CREATE INDEX IF NOT EXISTS live_messages_by_user ON live_messages (user_id, created_at);

-- Likes as they arrive (one row per request, count 1..100): the per-user like limit counts them.
CREATE TABLE IF NOT EXISTS live_likes (
  id INTEGER PRIMARY KEY,
  room_id INTEGER NOT NULL REFERENCES live_rooms(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  count INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS live_likes_by_user ON live_likes (user_id, created_at);

CREATE TABLE IF NOT EXISTS live_bookings (
  room_id INTEGER NOT NULL REFERENCES live_rooms(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (room_id, user_id)
);
CREATE INDEX IF NOT EXISTS live_bookings_by_user ON live_bookings (user_id);
`;
