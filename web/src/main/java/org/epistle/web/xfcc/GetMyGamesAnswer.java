package org.epistle.web.xfcc;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.datatype.DatatypeConfigurationException;
import javax.xml.datatype.DatatypeConstants;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;
import org.epistle.core.games.ClientGame;
import org.epistle.core.games.FamilyRating;
import org.epistle.core.games.GameState;
import org.epistle.core.games.GameService;
import org.epistle.core.games.GameView;
import org.epistle.core.games.Player;
import org.epistle.core.games.TurnRecord;
import org.epistle.core.games.archive.PgnTimeControl;
import org.epistle.core.games.rating.VariantFamily;
import org.epistle.core.rules.board.Side;

/** {@code GetMyGames}: the signed-in player's games, as {@link GameService#clientGames} gives them. */
final class GetMyGamesAnswer {
    private static final DatatypeFactory DATES = dates();

    private final GameService service;

    GetMyGamesAnswer(GameService service) {
        this.service = service;
    }

    /** The player's games, or empty when the username (an address) and password do not sign anybody in. */
    Optional<List<XfccGame>> of(XfccService.Gate gate, String username, String password) {
        Optional<Player> player = gate.signIn(username, password);
        // one look-up of ratings per player in the list (the signed-in player is in every game)
        Map<Long, List<FamilyRating>> ratings = new HashMap<>();
        return player.map(p -> service.clientGames(p.id()).stream().map(g -> game(g, ratings)).toList());
    }

    private XfccGame game(ClientGame listed, Map<Long, List<FamilyRating>> ratings) {
        GameView g = listed.game();
        XfccGame x = new XfccGame();
        x.id = Math.toIntExact(g.id());
        x.white = g.white().name();
        x.black = g.black().name();
        x.event = "Epistle game " + g.id() + ", " + g.variant().name();
        x.site = service.identity().baseUrl();
        x.myTurn = listed.isYourMove();
        x.hasWhite = listed.side() == Side.WHITE;
        int[] own = daysHoursMinutes(listed.timeLeft());
        x.daysPlayer = own[0];
        x.hoursPlayer = own[1];
        x.minutesPlayer = own[2];
        int[] theirs = daysHoursMinutes(listed.opponentTimeLeft());
        x.daysOpponent = theirs[0];
        x.hoursOpponent = theirs[1];
        x.minutesOpponent = theirs[2];
        x.moves = moves(g.turns());
        x.drawOffered = listed.isDrawOffered();
        x.result = result(g);
        x.eventDate = day(g.createdAt());
        x.date = day(g.createdAt());
        String family = VariantFamily.of(g.variant().key()).key();
        x.whiteElo = rating(g.white().id(), family, ratings);
        x.blackElo = rating(g.black().id(), family, ratings);
        x.setup = g.startFen().isPresent();
        x.fen = g.startFen().orElse(null);
        x.variant = g.variant().key();
        x.timeControl = PgnTimeControl.write(g.timeControl());
        x.gameLink = service.identity().gameUrl(g.id());
        return x;
    }

    /** A player's rating in a family, rounded as the pages show it; null for a player without one. */
    private Integer rating(long playerId, String family, Map<Long, List<FamilyRating>> ratings) {
        return ratings.computeIfAbsent(playerId, id -> service.tournaments().ratings(id)).stream()
                .filter(r -> r.family().equals(family))
                .map(r -> Math.toIntExact(Math.round(r.rating().rating())))
                .findFirst().orElse(null);
    }

    private static XMLGregorianCalendar day(Instant at) {
        var day = at.atOffset(ZoneOffset.UTC).toLocalDate();
        return DATES.newXMLGregorianCalendarDate(day.getYear(), day.getMonthValue(), day.getDayOfMonth(),
                DatatypeConstants.FIELD_UNDEFINED);
    }

    /** The turns as PGN move text, each turn in the game's own notation: {@code 1.e4 e5 2.Nf3}. */
    static String moves(List<TurnRecord> turns) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < turns.size(); i++) {
            TurnRecord t = turns.get(i);
            if (sb.length() > 0) {
                sb.append(' ');
            }
            if (t.side() == Side.WHITE) {
                sb.append(t.turnNumber()).append('.');
            } else if (i == 0) {
                sb.append(t.turnNumber()).append("...");
            }
            sb.append(t.notation());
        }
        return sb.toString();
    }

    /** Whole days, hours and minutes left, rounded down; nothing left, or no time limit, is all zeros. */
    static int[] daysHoursMinutes(Optional<Duration> left) {
        long minutes = left.map(Duration::toMinutes).filter(m -> m > 0).orElse(0L);
        return new int[] {Math.toIntExact(minutes / (24 * 60)), (int) (minutes / 60 % 24), (int) (minutes % 60)};
    }

    static GameResult result(GameView g) {
        if (g.state() == GameState.ACTIVE) {
            return GameResult.ONGOING;
        }
        if (g.result().isEmpty()) {
            return GameResult.CANCELLED; // stopped by the admin without a result
        }
        boolean adjudicated = g.termination().filter("adjudication"::equals).isPresent();
        return switch (g.result().get()) {
            case "1-0" -> adjudicated ? GameResult.WHITE_WIN_ADJUDICATED : GameResult.WHITE_WINS;
            case "0-1" -> adjudicated ? GameResult.BLACK_WIN_ADJUDICATED : GameResult.BLACK_WINS;
            default -> adjudicated ? GameResult.DRAW_ADJUDICATED : GameResult.DRAW;
        };
    }

    private static DatatypeFactory dates() {
        try {
            return DatatypeFactory.newInstance();
        } catch (DatatypeConfigurationException e) {
            throw new IllegalStateException("the JDK has no XML date factory", e);
        }
    }
}
