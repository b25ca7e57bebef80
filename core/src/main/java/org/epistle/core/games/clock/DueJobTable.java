package org.epistle.core.games.clock;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The due-jobs table (V4__clocks.sql). */
@RegisterConstructorMapper(DueJob.class)
public interface DueJobTable {
    String COLUMNS = "id, game_id, turn_seq, kind, leave_id, due_at";

    /**
     * The scan: pending jobs due by now, the oldest first, read in order on the (status, due_at, id) index (V18); the
     * ORDER BY names status first (one value here) since H2 walks an index for an ORDER BY only from its first column.
     */
    String SCAN = "SELECT " + COLUMNS + " FROM due_jobs WHERE status = 'PENDING' AND due_at <= :now"
            + " ORDER BY status, due_at, id LIMIT :limit";

    @SqlQuery(SCAN)
    List<DueJob> due(@Bind("now") Instant now, @Bind("limit") int limit);

    /**
     * Claims a job for the caller's transaction: only one transaction changes PENDING to DONE, whatever instance
     * runs it. The row is locked first, and a row another transaction holds is skipped rather than waited for: that
     * one is doing the job, so a second ticker goes on to the next job at once instead of waiting for the first to
     * commit and then finding nothing to do (PostgreSQL, and H2 2.2 and later, know SKIP LOCKED).
     *
     * @return 1 when this transaction has the job, 0 when another has it or it is no longer pending
     */
    default int claim(long id, Instant now) {
        return lockIfPending(id).isPresent() ? markDone(id, now) : 0;
    }

    @SqlQuery("SELECT id FROM due_jobs WHERE id = :id AND status = 'PENDING' FOR UPDATE SKIP LOCKED")
    Optional<Long> lockIfPending(@Bind("id") long id);

    @SqlUpdate("UPDATE due_jobs SET status = 'DONE', done_at = :now WHERE id = :id AND status = 'PENDING'")
    int markDone(@Bind("id") long id, @Bind("now") Instant now);

    /** Puts a claimed job back, for a later moment (leave or extra time moved it). */
    @SqlUpdate("UPDATE due_jobs SET status = 'PENDING', done_at = NULL, due_at = :due WHERE id = :id")
    void postpone(@Bind("id") long id, @Bind("due") Instant due);

    @SqlUpdate("UPDATE due_jobs SET status = 'VOID' WHERE id = :id")
    void voidJob(@Bind("id") long id);

    /** Jobs planned for earlier turns will never be wanted: out of the scan. */
    @SqlUpdate("UPDATE due_jobs SET status = 'VOID' WHERE game_id = :game AND turn_seq < :turn AND leave_id = 0 AND status = 'PENDING'")
    int voidEarlier(@Bind("game") long gameId, @Bind("turn") int turnSeq);

    @SqlUpdate("UPDATE due_jobs SET status = 'VOID' WHERE game_id = :game AND status = 'PENDING'")
    int voidAll(@Bind("game") long gameId);

    @SqlQuery("""
            SELECT status FROM due_jobs WHERE game_id = :game AND turn_seq = :turn AND kind = :kind AND leave_id = :leave""")
    Optional<String> status(@Bind("game") long gameId, @Bind("turn") int turnSeq, @Bind("kind") DueKind kind,
                            @Bind("leave") long leaveId);

    @SqlUpdate("""
            UPDATE due_jobs SET due_at = :due
             WHERE game_id = :game AND turn_seq = :turn AND kind = :kind AND leave_id = :leave AND status = 'PENDING'""")
    int move(@Bind("game") long gameId, @Bind("turn") int turnSeq, @Bind("kind") DueKind kind, @Bind("leave") long leaveId,
             @Bind("due") Instant due);

    @SqlUpdate("""
            INSERT INTO due_jobs (game_id, turn_seq, kind, leave_id, due_at, status)
            VALUES (:game, :turn, :kind, :leave, :due, 'PENDING')""")
    void insert(@Bind("game") long gameId, @Bind("turn") int turnSeq, @Bind("kind") DueKind kind, @Bind("leave") long leaveId,
                @Bind("due") Instant due);

    /**
     * Plans a job: a new row, or a new moment for a pending one; a job done or void for this turn stays so,
     * which is what keeps a reminder from going twice.
     */
    default void plan(long gameId, int turnSeq, DueKind kind, long leaveId, Instant due) {
        if (status(gameId, turnSeq, kind, leaveId).isEmpty()) {
            insert(gameId, turnSeq, kind, leaveId, due);
        } else {
            move(gameId, turnSeq, kind, leaveId, due);
        }
    }

    /** A pending job that is no longer wanted for this turn (its moment fell before the turn began). */
    @SqlUpdate("""
            UPDATE due_jobs SET status = 'VOID'
             WHERE game_id = :game AND turn_seq = :turn AND kind = :kind AND leave_id = 0 AND status = 'PENDING'""")
    void drop(@Bind("game") long gameId, @Bind("turn") int turnSeq, @Bind("kind") DueKind kind);

    /** The pending timeouts of active games, for the list of games: game id and deadline. */
    @SqlQuery("SELECT game_id, due_at FROM due_jobs WHERE status = 'PENDING' AND kind = 'TIMEOUT'")
    @RegisterConstructorMapper(Deadline.class)
    List<Deadline> deadlines();

    record Deadline(long gameId, Instant dueAt) {
    }
}
