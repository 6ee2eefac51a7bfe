-- Notes (research 2.9): on any record, internal or private to the author, pinned; the author may change
-- the text for 15 minutes (checked against the database's clock), after that a note is append-only.
CREATE TABLE notes (
  id serial PRIMARY KEY,
  entity_type text NOT NULL CHECK (entity_type IN ('policyholder', 'patient', 'policy', 'verification', 'reimbursement', 'orthodonticPlan', 'doctor', 'insurer')),
  entity_id integer NOT NULL,
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 4000),
  visibility text NOT NULL DEFAULT 'internal' CHECK (visibility IN ('internal', 'private')),
  pinned boolean NOT NULL DEFAULT false,
  author_id integer NOT NULL REFERENCES users(id),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notes_entity_idx ON notes (entity_type, entity_id, pinned DESC, created_at DESC);
CREATE INDEX notes_author_idx ON notes (author_id, created_at DESC);
CREATE INDEX notes_text_trgm_idx ON notes USING gin (text gin_trgm_ops);

-- Messages (research 2.10): conversations between users, optionally about a record.
CREATE TABLE conversations (
  id serial PRIMARY KEY,
  subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 200),
  entity_type text CHECK (entity_type IN ('policyholder', 'patient', 'policy', 'verification', 'reimbursement', 'orthodonticPlan', 'doctor', 'insurer')),
  entity_id integer,
  created_by integer NOT NULL REFERENCES users(id),
  last_message_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((entity_type IS NULL) = (entity_id IS NULL))
);
CREATE INDEX conversations_subject_trgm_idx ON conversations USING gin (subject gin_trgm_ops);

CREATE TABLE conversation_participants (
  conversation_id integer NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id),
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX conversation_participants_user_idx ON conversation_participants (user_id, conversation_id);

CREATE TABLE messages (
  id serial PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  author_id integer NOT NULL REFERENCES users(id),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 10000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_conversation_idx ON messages (conversation_id, id);

-- Read receipts: one row per message and reader (the author never has one).
CREATE TABLE message_reads (
  message_id integer NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id),
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (message_id, user_id)
);

-- Live notifications, shared by every API process through the database. Each user's events are numbered
-- 1, 2, 3… from their head row, which a writer locks (UPDATE) until it commits: a later number can
-- never become visible before an earlier one, so a stream that resumes after `Last-Event-ID` misses
-- nothing and repeats nothing. Writers NOTIFY `user_events` with the user ids; listeners also poll.
CREATE TABLE user_event_heads (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  last_seq bigint NOT NULL
);
CREATE TABLE user_events (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('message', 'read')),
  conversation_id integer NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  message_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, seq)
);
