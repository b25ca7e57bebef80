package org.epistle.core.games.clock;

import java.time.Instant;

/**
 * A row of the due-jobs table: work for a game at a moment.
 *
 * @param turnSeq the game's turns played when the job was planned; a later turn makes the job void
 * @param leaveId the leave the job is about, 0 for the clock's own jobs
 */
public record DueJob(long id, long gameId, int turnSeq, DueKind kind, long leaveId, Instant dueAt) {
}
