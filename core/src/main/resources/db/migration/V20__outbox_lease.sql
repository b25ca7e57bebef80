-- The sender's lease on a mail it is about to send. Before the SMTP send it commits held_by (which sender, in which
-- process) and moves next_attempt_at to the end of the lease, so the mail is not due for anyone else until then; the
-- attempt's record (SENT, or a failure with its retry time) ends the lease. A sender killed while sending leaves the
-- mail to be taken again when the lease runs out. The lease is a commit of its own, not a row lock held through the
-- send, so that nothing is mailed before the database has written what the mail tells (see Outbox.hold).
ALTER TABLE outbox ADD COLUMN held_by VARCHAR(100);
