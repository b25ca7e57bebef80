package org.epistle.core.games;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.epistle.core.games.clock.ClockFace;
import org.epistle.core.games.clock.DueJobTable;
import org.epistle.core.games.clock.DueKind;
import org.epistle.core.games.clock.LeavePolicy;
import org.epistle.core.games.clock.LeaveTable;
import org.epistle.core.games.clock.CalendarCommand;
import org.epistle.core.rules.board.Side;
import org.jdbi.v3.core.Handle;

/**
 * Applies a player's own commands inside the caller's transaction: books and cancels leave (telling the
 * opponents of every active game, and planning the notices of its start and end), sets the time zone. Every
 * answer is mailed to the player; a refusal says why and changes nothing.
 */
final class CalendarCommands {
    private final Handle h;
    private final Player player;
    private final Correspondence post;
    private final ClockKeeper clocks;
    private final Instant now;

    CalendarCommands(Handle h, Player player, Correspondence post, ClockKeeper clocks, Instant now) {
        this.h = h;
        this.player = player;
        this.post = post;
        this.clocks = clocks;
        this.now = now;
    }

    Result apply(CalendarCommand command) {
        if (command instanceof CalendarCommand.BookLeave book) {
            return book(book.dates());
        }
        if (command instanceof CalendarCommand.CancelLeave) {
            return cancel();
        }
        return timeZone(((CalendarCommand.SetTimeZone) command).zone());
    }

    private Result book(String dates) {
        LeaveTable leave = Tables.attach(h, LeaveTable.class);
        ZoneId zone = zone();
        List<LeavePolicy.Period> booked = leave.booked(player.id()).stream().map(LeaveTable.Leave::period).toList();
        LeavePolicy.Decision decision = LeavePolicy.decide(dates, zone, now, booked, clocks.settings());
        if (decision instanceof LeavePolicy.Refused refused) {
            return refuse("leave-refused", "Your leave was not booked. " + refused.why());
        }
        LeavePolicy.Granted granted = (LeavePolicy.Granted) decision;
        long id = leave.book(player.id(), granted.from(), granted.until(), now);
        DueJobTable jobs = Tables.attach(h, DueJobTable.class);
        List<Long> games = ClockKeeper.activeGamesOf(h, player.id());
        for (long gameId : games) {
            Game game = clocks.game(h, gameId);
            jobs.plan(gameId, 0, DueKind.LEAVE_STARTS, id, granted.from());
            jobs.plan(gameId, 0, DueKind.LEAVE_ENDS, id, granted.until());
            Side away = side(game);
            Optional<ZoneId> theirs = clocks.zone(h, game.player(away.opponent()));
            tellOpponent(game, player.name() + " has booked leave from " + ClockFace.deadline(granted.from(), theirs) + " to "
                    + ClockFace.deadline(granted.until(), theirs) + ". During it " + player.name()
                    + "'s clock stands still in this game; you will be told when it starts and when it ends.");
            clocks.plan(h, game, now);
        }
        String left = granted.daysLeft().entrySet().stream().map(e -> e.getValue() + " in " + e.getKey())
                .collect(Collectors.joining(" and "));
        answer("Your leave is booked " + granted.describe() + ", from " + ClockFace.deadline(granted.from(), Optional.of(zone))
                + " to " + ClockFace.deadline(granted.until(), Optional.of(zone)) + ". Your clock stands still in all your games "
                + "during it; a turn you send during it ends it. Days of leave left: " + left + ". "
                + (games.isEmpty() ? "" : "Your opponents in " + games.size() + (games.size() == 1 ? " game" : " games") + " have been told."));
        return new Result(Result.Effect.PLAYER_CHANGED, "leave booked for " + player.email() + " " + granted.describe());
    }

    private Result cancel() {
        LeaveTable leave = Tables.attach(h, LeaveTable.class);
        List<LeaveTable.Leave> open = leave.booked(player.id()).stream().filter(l -> l.endsAt().isAfter(now)).toList();
        if (open.isEmpty()) {
            return refuse("no-leave", "You have no leave booked that has not ended, so there is nothing to cancel.");
        }
        for (LeaveTable.Leave l : open) {
            if (l.isUnderWay(now)) {
                clocks.endLeave(h, l, now); // its end notices go at the next tick
            } else {
                leave.cancel(l.id());
                h.createUpdate("UPDATE due_jobs SET status = 'VOID' WHERE leave_id = :leave AND status = 'PENDING'")
                        .bind("leave", l.id()).execute();
                for (long gameId : ClockKeeper.activeGamesOf(h, player.id())) {
                    tellOpponent(clocks.game(h, gameId), player.name() + " has cancelled the leave booked from "
                            + ClockFace.deadline(l.startsAt(), Optional.empty()) + ".");
                }
            }
        }
        clocks.replanGamesOf(h, player, 0, now);
        answer("Your leave is cancelled: leave under way has ended now, and leave booked ahead will not be taken. "
                + "Your clock runs again whenever it is your move.");
        return new Result(Result.Effect.PLAYER_CHANGED, "leave cancelled for " + player.email());
    }

    private Result timeZone(String text) {
        String wanted = text.strip();
        if (wanted.equalsIgnoreCase("utc") || wanted.equalsIgnoreCase("none")) {
            Tables.attach(h, LeaveTable.class).setTimeZone(player.id(), null);
            answer("Deadlines are now shown in UTC only.");
            return new Result(Result.Effect.PLAYER_CHANGED, "time zone of " + player.email() + " cleared");
        }
        Optional<ZoneId> zone = Optional.empty();
        if (wanted.contains("/")) { // a region (Europe/Paris); bare offsets and abbreviations such as CET say too little
            try {
                zone = Optional.of(ZoneId.of(wanted));
            } catch (DateTimeException e) {
                // not a zone: refused below
            }
        }
        if (zone.isEmpty()) {
            return refuse("bad-time-zone", (wanted.isEmpty() ? "Your mail names no time zone."
                    : "\"" + wanted + "\" is not a time zone.") + " Write a zone by its region name, for example "
                    + "\"timezone Europe/Paris\" or \"timezone America/New_York\", or \"timezone UTC\".");
        }
        Tables.attach(h, LeaveTable.class).setTimeZone(player.id(), zone.get().getId());
        answer("Your time zone is now " + zone.get().getId() + ": mails show each deadline in UTC and in "
                + zone.get().getId() + ", and your leave runs from midnight to midnight there.");
        return new Result(Result.Effect.PLAYER_CHANGED, "time zone of " + player.email() + " set to " + zone.get().getId());
    }

    private ZoneId zone() {
        return clocks.zone(h, player).orElse(ZoneOffset.UTC);
    }

    private Side side(Game game) {
        return game.white().id() == player.id() ? Side.WHITE : Side.BLACK;
    }

    private void tellOpponent(Game game, String notice) {
        post.to(h, game, side(game).opponent(), MailKind.CLOCK_NOTICE, m -> m.put("explanation", notice), now);
    }

    private void answer(String text) {
        Map<String, Object> model = new java.util.LinkedHashMap<>(MailModel.aboutNoGame(player.name(),
                new Refusal("", text, ""), "")); // the no-game model, with the answer as its explanation
        model.put("kind", MailKind.CLOCK_NOTICE.template());
        post.toPlayer(h, player, MailKind.CLOCK_NOTICE, "[Epistle] Your leave and time zone", model, now);
    }

    private Result refuse(String reason, String why) {
        post.refusal(h, player, new Refusal(reason, why, ""), now);
        return new Result(Result.Effect.REFUSED, "refused, " + why);
    }
}
