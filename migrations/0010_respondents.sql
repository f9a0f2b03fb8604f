-- 0010_respondents: one link, many respondents, a draft each (`formctl
-- serve --collect`, issue 36).
--
-- A respondent's draft is a draft response like any other (status
-- 'draft', one answer per field, typed), with two more columns:
--
--   respondent    the SHA-256 of the respondent's 128-bit random id, as
--                 64 lowercase hexadecimal digits. The id itself lives only
--                 in the respondent's cookie: whoever reads this file
--                 cannot act as a respondent. NULL for responses stored
--                 any other way (`formctl submit`, the shared page).
--   answered_at   when the draft was last written (UTC text with
--                 milliseconds, as the other times): a draft is swept once
--                 this is older than the server's --draft-ttl. Kept apart
--                 from submitted_at, whose every change history records.
--
-- A wrong edit in the sqlite3 shell is refused by SQLite itself:
--
--   sqlite> UPDATE response SET respondent = 'abc' WHERE id = 1;
--   Error: stepping, CHECK constraint failed: ... (19)

ALTER TABLE response ADD COLUMN respondent TEXT
    CHECK (respondent IS NULL OR (length(respondent) = 64 AND respondent NOT GLOB '*[^0-9a-f]*'));
ALTER TABLE response ADD COLUMN answered_at TEXT
    CHECK (answered_at IS NULL OR answered_at GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z');

-- At most one open draft per respondent: two requests of one cookie that
-- race to make its first draft cannot both succeed.
CREATE UNIQUE INDEX response_respondent_draft ON response (respondent) WHERE status = 'draft' AND respondent IS NOT NULL;
-- `--once` asks whether a respondent has submitted.
CREATE INDEX response_respondent ON response (respondent, status) WHERE respondent IS NOT NULL;
-- The sweep takes the oldest respondent drafts first, a few at a time.
CREATE INDEX response_respondent_answered ON response (answered_at) WHERE status = 'draft' AND respondent IS NOT NULL;
