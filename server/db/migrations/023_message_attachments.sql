-- Files attached to messages (issue 10): one row per file, kept with its message and conversation. The same
-- checks as a record's documents (pdf, jpeg or png that opens, at most 15 MB) run before a row is written;
-- the content lives in FILES_DIR under a random key.
CREATE TABLE message_attachments (
  id serial PRIMARY KEY,
  message_id integer NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
  -- Denormalised from the message, so a conversation's files list by one index and a download checks its
  -- participants without a join through messages.
  conversation_id integer NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 120),
  mime text NOT NULL CHECK (mime IN ('application/pdf', 'image/jpeg', 'image/png')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 15728640),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  storage_key text NOT NULL UNIQUE,
  uploaded_by integer NOT NULL REFERENCES users(id),
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_attachments_conversation_idx ON message_attachments (conversation_id, id);
CREATE INDEX message_attachments_message_idx ON message_attachments (message_id);

-- A message that carries a file may have no text; a text-only message still needs some (the contract says so).
ALTER TABLE messages DROP CONSTRAINT messages_body_check;
ALTER TABLE messages ADD CONSTRAINT messages_body_check CHECK (char_length(body) <= 10000);
