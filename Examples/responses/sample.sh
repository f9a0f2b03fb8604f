#!/bin/sh
# The responses the recipes in docs/responses.md start from, in the current
# folder's form.db (the default form): three complete responses and two
# drafts. Run from a clone's root: sh Examples/responses/sample.sh
#
# submit dates a response with SQLite's clock; the UPDATE at the end gives
# them fixed dates in November 2026, so that the recipes print the same
# output on any day. It is an edit the tables accept: times are UTC text
# with milliseconds, and created_at is never after submitted_at. Changing
# submitted_at adds a history row ("submitted again", source sql); the
# DELETE drops those, since these responses were submitted only once.
set -e
submit() { json=$1; shift; printf '%s\n' "$json" | formctl submit --from - --format json "$@" > /dev/null; }
submit '{"first": "Ada", "middle": "Byron", "last": "Lovelace", "email": "ada@example.com"}'
submit '{"first": "Grace", "middle": "Brewster", "last": "Hopper", "email": "grace@example.com", "twitter": "@grace"}'
submit '{"first": "Alan", "middle": "Mathison"}' --draft
submit '{"first": "Katherine", "middle": "Coleman", "last": "Johnson", "email": "katherine@example.com"}'
submit '{"first": "Edsger", "last": "Dijkstra", "email": "ewd"}' --draft
sqlite3 form.db "
UPDATE response SET created_at = '2026-11-23T09:15:02.120Z', submitted_at = '2026-11-23T09:15:02.120Z' WHERE id = 1;
UPDATE response SET created_at = '2026-11-23T14:40:31.007Z', submitted_at = '2026-11-23T14:40:31.007Z' WHERE id = 2;
UPDATE response SET created_at = '2026-11-20T08:02:45.500Z', submitted_at = '2026-11-21T17:30:00.000Z' WHERE id = 3;
UPDATE response SET created_at = '2026-11-24T10:05:12.250Z', submitted_at = '2026-11-24T10:05:12.250Z' WHERE id = 4;
UPDATE response SET created_at = '2026-11-24T16:30:00.000Z', submitted_at = '2026-11-24T16:30:00.000Z' WHERE id = 5;
DELETE FROM history WHERE key GLOB '#*' AND source = 'sql';
"
