-- What is kept of each received mail. Until now every mail's raw bytes stayed in inbound_mail for good, a
-- mail too large to read (10 MiB and more) included: some seventy such mails from a stranger filled a 768 MB disk.
-- Now a mail refused before it is read as a turn (too large, malformed, a bounce, an auto-reply, list mail, our
-- own) keeps only its header (at most 64 KiB), and the bytes of a handled mail are dropped after
-- mail.keep-raw-days. The key always stays, so the same mail delivered again is still recognised.
--   raw_message  the whole mail, its header only, or NULL once dropped
--   size_bytes   how large the mail was when it arrived (NULL for mail stored before this migration)
--   kept         WHOLE, HEADER or NONE: what raw_message holds
--   header_only  why only the header was kept: the parser's classification, as "TOO_LARGE (…)"
ALTER TABLE inbound_mail ALTER COLUMN raw_message DROP NOT NULL;
ALTER TABLE inbound_mail ADD COLUMN size_bytes BIGINT;
ALTER TABLE inbound_mail ADD COLUMN kept VARCHAR(6) DEFAULT 'WHOLE' NOT NULL;
ALTER TABLE inbound_mail ADD COLUMN header_only VARCHAR(500);
ALTER TABLE inbound_mail ADD CONSTRAINT inbound_mail_kept CHECK (kept IN ('WHOLE', 'HEADER', 'NONE'));
-- the retention sweep looks for handled mail still holding bytes, oldest first
CREATE INDEX inbound_mail_sweep ON inbound_mail (kept, handled_at);
