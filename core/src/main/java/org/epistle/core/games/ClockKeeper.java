package org.epistle.core.games;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.games.clock.ClockFace;
import org.epistle.core.games.clock.ClockHistory;
import org.epistle.core.games.clock.ClockReading;
import org.epistle.core.games.clock.ClockSettings;
import org.epistle.core.games.clock.DueJob;
import org.epistle.core.games.clock.DueJobTable;
import org.epistle.core.games.clock.DueKind;
import org.epistle.core.games.clock.DuePlan;
import org.epistle.core.games.clock.ExtraTimeTable;
import org.epistle.core.games.clock.GameClock;
import org.epistle.core.games.clock.LeaveTable;
import org.epistle.core.games.clock.TimeForfeit;
import org.epistle.core.rules.board.Side;
import org.jdbi.v3.core.Handle;

/**
 * The clock of stored games: reads a game's clock from its turns, extra time and the players' leave, plans its
 * due jobs, and does them when they fall due, all inside the caller's transaction. The arithmetic itself is
 * {@link GameClock}'s; this class only loads and stores.
 */
final class ClockKeeper {
    /** Quest-Chess notes whose turn it is while a turn stands half played: {@code note:quest=turn=w,played=1,...}. */
    private static final Pattern TURN_OWNER = Pattern.compile("(?:^|[\\s;,:{=])turn=([wb])(?=[,;\\s}]|$)");

    private final ClockSettings settings;
    private final java.util.function.BiFunction<Handle, Long, Game> games;

    /** @param games loads a game by id in a transaction (another game of a player whose leave changed) */
    ClockKeeper(ClockSettings settings, java.util.function.BiFunction<Handle, Long, Game> games) {
        this.settings = settings;
        this.games = games;
    }

    ClockSettings settings() {
        return settings;
    }

    ClockReading read(Handle h, Game game, Instant at) {
        return GameClock.read(game.row().control(), history(h, game), at);
    }

    /**
     * The clock of a game whose extra time the caller read already (a game page shows the grants with their reasons):
     * the same reading as {@link #read(Handle, Game, Instant)}, without reading {@code extra_time} a second time.
     */
    ClockReading read(Handle h, Game game, Instant at, List<ExtraTimeTable.Grant> grants) {
        return GameClock.read(game.row().control(), history(h, game, grants), at);
    }

    ClockHistory history(Handle h, Game game) {
        return history(h, game, Tables.attach(h, ExtraTimeTable.class).of(game.id()));
    }

    private ClockHistory history(Handle h, Game game, List<ExtraTimeTable.Grant> grants) {
        List<ClockHistory.Handover> handovers = new ArrayList<>();
        for (TurnRecord t : game.turns()) {
            handovers.add(handover(t));
        }
        List<ClockHistory.ExtraTime> extras = grants.stream().map(ExtraTimeTable.Grant::extraTime).toList();
        return history(game.row().createdAt(), handovers, extras, booked(h, game));
    }

    /**
     * Both players' booked leave, by side, in one statement: each statement is a round trip to the database server,
     * and on PostgreSQL under load a round trip waits for the server's process to be scheduled.
     */
    private static Map<Side, List<LeaveTable.Leave>> booked(Handle h, Game game) {
        long white = game.player(Side.WHITE).id();
        long black = game.player(Side.BLACK).id();
        List<LeaveTable.Leave> both = Tables.attach(h, LeaveTable.class).bookedOfBoth(white, black);
        Map<Side, List<LeaveTable.Leave>> booked = new EnumMap<>(Side.class);
        booked.put(Side.WHITE, both.stream().filter(l -> l.playerId() == white).toList());
        booked.put(Side.BLACK, both.stream().filter(l -> l.playerId() == black).toList());
        return booked;
    }

    /** A game's clock history from what was read of it: a game loaded whole, or a desk's games read together. */
    static ClockHistory history(Instant start, List<ClockHistory.Handover> handovers, List<ClockHistory.ExtraTime> extras,
                                Map<Side, List<LeaveTable.Leave>> booked) {
        List<ClockHistory.Pause> pauses = new ArrayList<>();
        for (Side side : Side.values()) {
            for (LeaveTable.Leave l : booked.getOrDefault(side, List.of())) {
                pauses.add(new ClockHistory.Pause(side, l.startsAt(), l.endsAt()));
            }
        }
        return new ClockHistory(start, handovers, extras, pauses);
    }

    /**
     * A stored turn as the clock sees it. The side to move after it is in its FEN. It completes its side's turn
     * unless it is an answer inside the opponent's turn (written in square brackets) or a segment after which
     * the same side's turn goes on (Quest-Chess notes the turn's owner while a turn is half played).
     */
    static ClockHistory.Handover handover(TurnRecord t) {
        String[] fields = t.fenAfter().split(" ");
        Side toMove = fields.length > 1 && fields[1].equals("b") ? Side.BLACK : Side.WHITE;
        boolean answer = t.notation().startsWith("[");
        Side owner = toMove;
        if (fields.length > 6) {
            Matcher m = TURN_OWNER.matcher(String.join(" ", java.util.Arrays.copyOfRange(fields, 6, fields.length)));
            if (m.find()) {
                owner = m.group(1).equals("b") ? Side.BLACK : Side.WHITE;
            }
        }
        boolean completes = !answer && owner != t.side();
        return new ClockHistory.Handover(t.playedAt(), toMove, completes ? Optional.of(t.side()) : Optional.empty());
    }

    Optional<ZoneId> zone(Handle h, Player player) {
        return Tables.attach(h, LeaveTable.class).timeZone(player.id()).map(ZoneId::of);
    }

    /** The mail model's clock keys for one reader. */
    MailModel show(Handle h, Game game, Side reader, MailModel m, Instant at) {
        if (!game.row().isActive() || !game.row().control().isLimited()) {
            return m.put("timeControl", game.row().control().describe());
        }
        return show(h, game, reader, m, read(h, game, at));
    }

    /**
     * The mail model's clock keys from a reading the caller made already: a clock job reads extra time and leave
     * once, for its decision and its mail both. Only for an active game with a time limit.
     */
    MailModel show(Handle h, Game game, Side reader, MailModel m, ClockReading clock) {
        m.put("timeControl", game.row().control().describe());
        Instant deadline = clock.deadline().orElseThrow();
        return m.put("clock", ClockFace.forPlayer(clock, reader, game.player(reader.opponent()).name()))
                .put("deadline", ClockFace.deadline(deadline, zone(h, game.player(reader))))
                .put("deadlineAt", deadline.toString());
    }

    /**
     * Plans the jobs of the move now awaited: new rows for this turn, new moments for pending ones (extra time,
     * leave), and the jobs of earlier turns out of the scan. Jobs done for this turn are never planned again.
     */
    void plan(Handle h, Game game, Instant now) {
        if (!game.row().isActive()) {
            Tables.attach(h, DueJobTable.class).voidAll(game.id());
            return;
        }
        if (!game.row().control().isLimited()) {
            // no reminder or timeout is ever planned for a game without a time limit (its control never changes), so
            // there is nothing of earlier turns to void: an UPDATE that found no row on every such turn
            return;
        }
        DueJobTable jobs = Tables.attach(h, DueJobTable.class);
        int turn = game.row().turnsPlayed();
        jobs.voidEarlier(game.id(), turn);
        Map<DueKind, Instant> moments = DuePlan.moments(read(h, game, now), settings);
        for (DueKind kind : List.of(DueKind.HALF_TIME_REMINDER, DueKind.DEADLINE_REMINDER, DueKind.TIMEOUT)) {
            Instant at = moments.get(kind);
            if (at == null) {
                jobs.drop(game.id(), turn, kind);
            } else {
                jobs.plan(game.id(), turn, kind, 0, at);
            }
        }
    }

    /**
     * After an accepted turn: a turn sent during the mover's leave ends that leave (their other games' clocks
     * run again, and opponents are told), then this game's jobs are planned for the move now awaited.
     */
    void afterTurn(Handle h, Game game, Side mover, Instant now, boolean moverOnLeave) {
        if (moverOnLeave) { // the move's one read of facts found leave under way; most turns skip this read
            Player player = game.player(mover);
            LeaveTable leave = Tables.attach(h, LeaveTable.class);
            for (LeaveTable.Leave l : leave.booked(player.id())) {
                if (l.isUnderWay(now)) {
                    endLeave(h, l, now);
                    replanGamesOf(h, player, game.id(), now);
                }
            }
        }
        plan(h, game, now);
    }

    /** Ends a leave under way now: its end notices fall due at once. */
    void endLeave(Handle h, LeaveTable.Leave l, Instant now) {
        Tables.attach(h, LeaveTable.class).endAt(l.id(), now);
        h.createUpdate("UPDATE due_jobs SET due_at = :now WHERE leave_id = :leave AND kind = 'LEAVE_ENDS' AND status = 'PENDING'")
                .bind("now", now).bind("leave", l.id()).execute();
    }

    /** Plans again the jobs of every active game of the player but one (already planned by the caller), for changed leave. */
    void replanGamesOf(Handle h, Player player, long except, Instant now) {
        for (long id : activeGamesOf(h, player.id())) {
            if (id != except) {
                plan(h, games.apply(h, id), now);
            }
        }
    }

    Game game(Handle h, long id) {
        return games.apply(h, id);
    }

    /**
     * A player's games being played, by id. Two selects, one per side, so that each is answered by its index
     * (games_white, games_black): H2 answered {@code white_player = :p OR black_player = :p} by reading every active
     * game (9,983 rows and 9,903 page reads for one desk at 100,000 games), where the two indexes read 7 rows.
     */
    static final String ACTIVE_GAMES_OF = """
            SELECT id FROM games WHERE state = 'ACTIVE' AND white_player = :p
            UNION
            SELECT id FROM games WHERE state = 'ACTIVE' AND black_player = :p
            ORDER BY id""";

    static List<Long> activeGamesOf(Handle h, long playerId) {
        return h.createQuery(ACTIVE_GAMES_OF).bind("p", playerId).mapTo(Long.class).list();
    }

    /** Whether the side to move has run out of time now (a turn arriving after its deadline, before the tick saw it). */
    boolean isFlagged(Handle h, Game game, Instant now) {
        return game.row().isActive() && game.row().control().isLimited() && read(h, game, now).isFlagged();
    }

    /**
     * Ends the game on time: lost by the side to move, or drawn when the opponent could not mate. Both players
     * are mailed. Returns the game as ended.
     */
    Game forfeit(Handle h, Game game, Correspondence post, Instant now) {
        Side flagged = game.position().sideToMove();
        String result = TimeForfeit.result(game.position(), flagged);
        GameRow next = game.row().finished(result, TimeForfeit.TERMINATION, now);
        if (Tables.attach(h, GameTable.class).update(game.row(), next) != 1) {
            throw new GameChanged(game.id());
        }
        Game ended = game.with(next);
        String why = TimeForfeit.drawnBecause(game.position(), flagged)
                .orElse(flagged.label() + " (" + game.player(flagged).name() + ") ran out of time.");
        post.toBoth(h, ended, MailKind.GAME_OVER, m -> m.history().put("explanation", why)
                .put("ending", why + " " + Ending.sentence(result, TimeForfeit.TERMINATION)), now);
        Tables.attach(h, DueJobTable.class).voidAll(game.id());
        return ended;
    }

    /**
     * Does a claimed job, or puts it back for its new moment, or drops it when it is no longer wanted.
     *
     * @return the game after the job (changed only by a timeout), and what was done, for the log
     */
    String run(Handle h, DueJob job, Game game, Correspondence post, Instant now) {
        DueJobTable jobs = Tables.attach(h, DueJobTable.class);
        if (!game.row().isActive() || (!job.kind().isAboutLeave() && job.turnSeq() != game.row().turnsPlayed())) {
            jobs.voidJob(job.id());
            return "void: the turn was played or the game ended";
        }
        if (job.kind().isAboutLeave()) {
            return leaveNotice(h, job, game, post, now);
        }
        ClockReading clock = read(h, game, now);
        Optional<Instant> moment = Optional.ofNullable(DuePlan.moments(clock, settings).get(job.kind()));
        if (moment.isEmpty()) {
            jobs.voidJob(job.id());
            return "void: no longer wanted";
        }
        if (moment.get().isAfter(now)) {
            jobs.postpone(job.id(), moment.get()); // leave or extra time moved it
            return "postponed to " + moment.get();
        }
        Side toMove = clock.toMove();
        if (job.kind() == DueKind.TIMEOUT) {
            forfeit(h, game, post, now);
            return toMove.label() + " lost on time";
        }
        String left = GameClock.words(clock.left(toMove).orElseThrow());
        post.to(h, game, toMove, MailKind.CLOCK_NOTICE, m -> {
            // the deadline as the mail's clock keys show it, in the player's own time zone, read once for both
            String deadline = m.text("deadline");
            String notice = job.kind() == DueKind.HALF_TIME_REMINDER
                    ? "A reminder: " + settings.reminderAtPercentUsed() + "% of your time for this move is used. You have "
                            + left + " left; please play by " + deadline + "."
                    : "A reminder: your time for this move runs out in " + left + ", on " + deadline
                            + ". If no turn comes by then, the game is lost on time.";
            return m.put("explanation", notice).put("headline", "Reminder: " + left + " left");
        }, now, clock);
        return job.kind() + " sent to " + toMove.label();
    }

    private String leaveNotice(Handle h, DueJob job, Game game, Correspondence post, Instant now) {
        DueJobTable jobs = Tables.attach(h, DueJobTable.class);
        Optional<LeaveTable.Leave> leave = Tables.attach(h, LeaveTable.class).byId(job.leaveId());
        if (leave.isEmpty()) {
            jobs.voidJob(job.id());
            return "void: the leave was cancelled";
        }
        Side away = game.white().id() == leave.get().playerId() ? Side.WHITE : Side.BLACK;
        Instant moment = job.kind() == DueKind.LEAVE_STARTS ? leave.get().startsAt() : leave.get().endsAt();
        if (moment.isAfter(now)) {
            jobs.postpone(job.id(), moment);
            return "postponed to " + moment;
        }
        if (job.kind() == DueKind.LEAVE_STARTS && !leave.get().endsAt().isAfter(now)) {
            jobs.voidJob(job.id()); // over before it was announced (a turn ended it at once): only its end is told
            return "void: the leave is over";
        }
        String name = game.player(away).name();
        Side reader = away.opponent();
        String notice = job.kind() == DueKind.LEAVE_STARTS
                ? name + " is on leave from now until " + ClockFace.deadline(leave.get().endsAt(), zone(h, game.player(reader)))
                        + "; " + name + "'s clock stands still until then."
                : name + "'s leave is over; " + name + "'s clock runs again when it is " + name + "'s move.";
        post.to(h, game, reader, MailKind.CLOCK_NOTICE, m -> m.put("explanation", notice), now);
        return job.kind() + " told to " + reader.label();
    }
}
