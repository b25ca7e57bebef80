-- A mail's Message-ID is unique by construction (a random UUID, or a seat's root made once with its game), and no
-- statement looks a mail up by it: EXPLAIN of every outbox query on H2 2.5 and PostgreSQL uses the primary key,
-- outbox_due or outbox_game, never this index. Yet every mail put in the outbox added a random key to it, so each
-- move's commit rewrote one more B-tree leaf at a random place (on H2 a commit serialises every page it changed, the
-- largest part of a web move's CPU). The Message-ID stays in its column; only the index goes.
ALTER TABLE outbox DROP CONSTRAINT outbox_message_id;
