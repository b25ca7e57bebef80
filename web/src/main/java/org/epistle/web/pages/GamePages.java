package org.epistle.web.pages;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;
import org.epistle.core.games.Command;
import org.epistle.core.games.CommandParser;
import org.epistle.core.games.GameService;
import org.epistle.core.games.GameVersion;
import org.epistle.core.games.GameView;
import org.epistle.core.games.PageRead;
import org.epistle.core.games.Result;
import org.epistle.core.games.Seat;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Variant;
import org.epistle.templates.Templates;
import org.epistle.web.svg.BoardSvg;

/**
 * The pages players and onlookers see, and the move form.
 *
 * <ul>
 * <li>{@code GET /} active and recent games, filtered by {@code ?variant=} and {@code ?player=}</li>
 * <li>{@code GET /games/{id}} a game: diagram, state, turns, legend</li>
 * <li>{@code GET /games/{id}/record.pgn} the record as PGN</li>
 * <li>{@code GET /api/games/{id}} the game as JSON</li>
 * <li>{@code GET /play/{id}/{secret}} a player's own page: the game page with the move form</li>
 * <li>{@code POST /play/{id}/{secret}} the move form: the text goes to {@link GameService#handle}
 *     exactly as a mail's first line would; accepted, the browser is sent back to the page (303);
 *     refused, the page comes back with the explanation and the marked diagram (422)</li>
 * </ul>
 *
 * A wrong secret, an unknown game and a page that does not exist get the same 404.
 */
public final class GamePages {
    private static final Pattern ID = Pattern.compile("[1-9][0-9]{0,17}");
    private static final Pattern SECRET = Pattern.compile("[A-Za-z0-9]{8,64}");
    private static final Pattern TURN = Pattern.compile("[0-9]{1,5}");
    /** The longest text the box takes; the form field says the same. */
    static final int MAX_TEXT = 500;
    /** What the page says after the browser comes back from an accepted form, by {@code ?done=}. */
    private static final Map<String, String> DONE = Map.of(
            "turn-played", "Your turn was played. Both players have been sent a mail.",
            "resigned", "You resigned. Both players have been sent a mail.",
            "draw-offered", "Your draw offer was sent.",
            "draw-agreed", "The draw is agreed. Both players have been sent a mail.",
            "draw-declined", "You declined the draw offer.",
            "turn-played-draw-offered", "Your turn was played, with your draw offer. Both players have been sent a mail.",
            "shown", "The answer was sent to you by mail.");

    private final GameService games;
    private final Templates templates;
    private final CsrfTokens csrf;
    private final Runnable afterCommit;
    private final LastTurns lastTurns = new LastTurns();
    private final PageCache publicPages = new PageCache();

    /**
     * @param afterCommit run after every command the form sent was handled, so the mail sender
     *                    sends the mails it caused now rather than at its next poll
     */
    public GamePages(GameService games, Templates templates, CsrfTokens csrf, Runnable afterCommit) {
        this.games = games;
        this.templates = templates;
        this.csrf = csrf;
        this.afterCommit = afterCommit;
    }

    public void register(RoutesConfig routes) {
        routes.get("/", this::index);
        routes.get("/games/{id}", this::game);
        routes.get("/games/{id}/record.pgn", this::record);
        routes.get("/api/games/{id}", this::api);
        routes.get("/play/{id}/{secret}", this::playPage);
        routes.post("/play/{id}/{secret}", this::play);
    }

    void index(Context ctx) {
        Map<String, Object> model = GameList.model(games, Optional.ofNullable(ctx.queryParam("variant")),
                Optional.ofNullable(ctx.queryParam("player")), Optional.ofNullable(ctx.queryParam("page")));
        html(ctx, templates.render("web/games.ftlh", model));
    }

    void game(Context ctx) {
        long id = id(ctx);
        // A game whose page is kept is mostly shown again unchanged: one plain query for its version serves it, at
        // about half the CPU of the read transaction below. Any other game goes straight to that transaction, which
        // reads the version with the row, so a game nobody asked for lately costs one round trip, not two.
        if (publicPages.holds(id)) {
            Optional<String> kept = publicPages.get(games.version(id).orElseThrow(PageError::notFound));
            if (kept.isPresent()) {
                html(ctx, kept.get());
                return;
            }
        }
        // the version, and unless a page rendered for it is kept the game and its clock, in one read transaction
        PageRead found = games.readForPage(id, publicPages::get).orElseThrow(PageError::notFound);
        if (found instanceof PageRead.Kept kept) {
            html(ctx, kept.page());
            return;
        }
        org.epistle.core.games.TimedGame read = ((PageRead.Read) found).game();
        GameView v = read.game();
        org.epistle.core.games.ClockView clock = read.clock();
        String page = page(v, clock, Optional.empty(), Map.of(), Optional.empty());
        if (clock.deadline().isEmpty()) { // a running clock's time left changes without the game changing
            publicPages.put(GameVersion.of(v), page); // the version of what was rendered, which may be newer than now
        }
        html(ctx, page);
    }

    void record(Context ctx) {
        GameView v = view(ctx);
        ctx.header("Content-Disposition", "attachment; filename=\"epistle-game-" + v.id() + ".pgn\"");
        ctx.contentType("application/x-chess-pgn; charset=utf-8").result(PgnRecord.of(v, games.identity().gameUrl(v.id())));
    }

    void api(Context ctx) {
        GameView v = view(ctx);
        ctx.contentType("application/json; charset=utf-8").result(GameJson.of(v));
    }

    void playPage(Context ctx) {
        SeatAndGame s = seat(ctx);
        SecurityHeaders.privatePage(ctx.res());
        String done = DONE.getOrDefault(Optional.ofNullable(ctx.queryParam("done")).orElse(""), "");
        html(ctx, page(s, Map.of("done", done, "text", ""), Optional.empty()));
    }

    void play(Context ctx) {
        FormBody form = FormBody.read(ctx.req());
        SeatOnly s = seatOnly(ctx); // the game itself is read only when a refusal shows it: a played turn needs only the seat
        SecurityHeaders.privatePage(ctx.res());
        if (!csrf.isValid(s.seat().gameId(), s.secret(), form.field("csrf").orElse(null))) {
            throw PageError.forbidden("This form did not come from your game page. "
                    + "Nothing was played. Open your game page again and send your turn from there.");
        }
        String text = form.field("text").orElse("").strip();
        if (text.isEmpty()) {
            SeatAndGame g = s.withGame(games);
            refuse(ctx, g, text, new Refused("empty", "", "There was no turn in the box.",
                    "Write your turn, e.g. " + example(g.game().variant()) + ", or click the pieces on the board.", List.of()));
            return;
        }
        if (text.length() > MAX_TEXT) {
            SeatAndGame g = s.withGame(games);
            refuse(ctx, g, text.substring(0, MAX_TEXT), new Refused("too-long", "", "That is longer than any turn: at most "
                    + MAX_TEXT + " characters are read here.", "Write the moves of one turn only, e.g. " + example(g.game().variant()) + ".",
                    List.of()));
            return;
        }
        Command command = CommandParser.parse(List.of(text.split("\\R")));
        if (command instanceof Command.ShowBoard || command instanceof Command.ShowHistory || command instanceof Command.Help) {
            // the page itself is the board and the record; help is its rules and how to write a turn: no mail for these
            SeatAndGame g = s.withGame(games);
            html(ctx, page(g, Map.of("done", "", "text", "", "shown", shown(command, g.game())),
                    Optional.empty()));
            return;
        }
        if (form.field("draw").filter("yes"::equals).isPresent() && command instanceof Command.Move move) {
            command = move.offeringDraw(); // the box "offer a draw with this move"
        }
        String turn = form.field("turn").orElse("").strip();
        if (!turn.isEmpty()) {
            if (!TURN.matcher(turn).matches()) {
                throw PageError.badRequest("The turn number sent with the form is not a number. Open your game page again.");
            }
            if (command instanceof Command.Move move && move.turnNumber().isEmpty()) {
                command = new Command.Move(move.text(), OptionalInt.of(Integer.parseInt(turn)), move.offersDraw());
            }
        }
        Result result;
        try {
            result = games.handleFromPage(s.seat(), command, text);
        } finally {
            afterCommit.run();
        }
        switch (result.effect()) {
            case TURN_REFUSED, REFUSED -> {
                Refused why = Refused.of(result);
                refuse(ctx, s.withGame(games), text, why);
            }
            default -> ctx.redirect(playPath(s.seat().gameId(), s.secret()) + "?done=" + done(result.effect())
                            + (result.effect() == Result.Effect.TURN_PLAYED && command instanceof Command.Move m && m.offersDraw()
                                    ? "-draw-offered" : ""), HttpStatus.SEE_OTHER);
        }
    }

    private void refuse(Context ctx, SeatAndGame s, String text, Refused why) {
        ctx.status(HttpStatus.UNPROCESSABLE_CONTENT);
        html(ctx, page(s, Map.of("done", "", "text", text), Optional.of(why)));
    }

    /** What the page says for board, history or help typed in the box: the page shows each, and says where. */
    private static String shown(Command command, GameView v) {
        if (command instanceof Command.Help) {
            return "help";
        }
        return command instanceof Command.ShowBoard ? "The board is shown below, as it stands now."
                : v.turns().isEmpty() ? "No turn has been played yet." : "Every turn so far is listed under Turns.";
    }

    private static String done(Result.Effect effect) {
        return switch (effect) {
            case TURN_PLAYED -> "turn-played";
            case RESIGNED -> "resigned";
            case DRAW_OFFERED -> "draw-offered";
            case DRAW_AGREED -> "draw-agreed";
            case DRAW_DECLINED -> "draw-declined";
            default -> "shown";
        };
    }

    /** "White played Ke1-e2", the last turn as its record writes it, or "" before the first. */
    private static String lastTurnInWords(GameView v) {
        if (v.turns().isEmpty()) {
            return "";
        }
        org.epistle.core.games.TurnRecord last = v.turns().get(v.turns().size() - 1);
        return last.side().label() + " played " + last.notation();
    }

    /** The game page: public when {@code seat} is empty, a player's own page with the move form otherwise. */
    private String page(SeatAndGame seat, Map<String, String> form, Optional<Refused> refused) {
        return page(seat.game(), seat.read().clock(), Optional.of(seat), form, refused);
    }

    private String page(GameView v, org.epistle.core.games.ClockView clock, Optional<SeatAndGame> seat, Map<String, String> form,
                        Optional<Refused> refused) {
        Position p = v.position();
        Optional<Side> side = seat.map(s -> s.seat().side());
        String state = v.isActive() ? p.sideToMove().label() + " to move, turn " + p.turnNumber() + (p.isCheck() ? ", in check" : "")
                : "final position";
        String board = BoardSvg.of(p)
                .moved(refused.isPresent() ? List.of() : lastTurns.squares(v), refused.isPresent() ? "" : lastTurnInWords(v))
                .marked(refused.map(Refused::marked).orElse(List.of()))
                .flipped(side.orElse(Side.WHITE) == Side.BLACK)
                .titled("Game " + v.id() + ", " + v.variant().name() + ": " + state)
                .render();

        Map<String, Object> model = new LinkedHashMap<>();
        model.put("game", GameModel.of(v));
        model.put("deadline", clock.deadline());
        model.put("clock", Map.of("control", clock.control(), "times", clock.times(), "extraTime", clock.extraTime()));
        model.put("board", Markup.trusted(board));
        model.put("links", Map.of("page", "/games/" + v.id(), "record", "/games/" + v.id() + "/record.pgn",
                "api", "/api/games/" + v.id(), "feed", "/games/" + v.id() + "/feed.atom",
                "followAddress", games.identity().serverAddress()));
        model.put("play", seat.map(s -> play(v, s, form)).orElse(Map.of()));
        model.put("refused", refused.map(r -> Map.of("notAccepted", r.notAccepted(), "explanation", r.explanation(),
                "hint", r.hint(), "marked", String.join(", ", r.marked().stream().map(Square::name).toList()))).orElse(Map.of()));
        return templates.render("web/game.ftlh", model);
    }

    private Map<String, Object> play(GameView v, SeatAndGame s, Map<String, String> form) {
        Position p = v.position();
        Side me = s.seat().side();
        boolean yourTurn = v.isActive() && p.sideToMove() == me;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("action", playPath(v.id(), s.secret()));
        m.put("csrf", csrf.issue(v.id(), s.secret()));
        m.put("side", me.label());
        m.put("name", s.seat().player().name());
        m.put("yourTurn", yourTurn);
        m.put("active", v.isActive());
        m.put("turnNumber", p.turnNumber());
        m.put("moves", yourTurn ? ClickMoves.json(p) : "[]");
        m.put("perTurn", yourTurn ? ClickMoves.perTurn(p, p.movesThisTurn()) : 0);
        m.put("pieces", yourTurn ? ClickMoves.pieces(p) : "{}");
        m.put("turnShape", yourTurn ? turnShape(p) : "");
        // what is asked of this player now, where a turn has more shapes than "your turn" (Quest-Chess)
        m.put("asked", v.isActive() ? p.rules().variant().physics(org.epistle.core.rules.physics.TurnRule.class)
                .flatMap(r -> r.request(p)).map(a -> yourTurn ? a.toMover() : a.toOther()).orElse("") : "");
        m.put("joiner", v.variant().notation().joiner());
        m.put("example", example(v.variant()));
        m.put("drawOffered", v.isActive() && v.drawOfferedBy().orElse(null) == me.opponent());
        m.put("drawOfferStands", v.isActive() && v.drawOfferedBy().orElse(null) == me);
        m.put("done", form.getOrDefault("done", ""));
        String shown = form.getOrDefault("shown", "");
        m.put("shown", shown.equals("help") ? "" : shown);
        m.put("help", shown.equals("help") ? Map.of("rules", v.variant().rules(), "notation", v.variant().notation().example())
                : Map.of());
        m.put("text", form.getOrDefault("text", ""));
        return m;
    }

    /** What a turn is made of, for "Write it in the box (…)": "" for a single move. */
    private static String turnShape(org.epistle.core.rules.position.Position p) {
        var ownTurns = p.rules().variant().physics(org.epistle.core.rules.physics.TurnRule.class);
        if (ownTurns.flatMap(r -> r.request(p)).isPresent()) {
            return ""; // the rule says what is asked, in the paragraph below
        }
        if (ownTurns.isPresent()) {
            return ownTurns.get().turnShape();
        }
        int moves = p.movesThisTurn();
        if (moves >= org.epistle.core.rules.variant.TurnSchedule.UNLIMITED) {
            return "as many moves as the turn allows";
        }
        return moves > 1 ? moves + " moves" : "";
    }

    private static String example(Variant variant) {
        return variant.notation().example();
    }

    private static String playPath(long id, String secret) {
        return "/play/" + id + "/" + secret;
    }

    private GameView view(Context ctx) {
        return games.find(id(ctx)).orElseThrow(PageError::notFound);
    }

    private static long id(Context ctx) {
        String id = ctx.pathParam("id");
        if (!ID.matcher(id).matches()) {
            throw PageError.notFound();
        }
        return Long.parseLong(id);
    }

    /** The seat a personal link opens and its game now; anything else is the plain 404. */
    private SeatAndGame seat(Context ctx) {
        return seatOnly(ctx).withGame(games);
    }

    /** The seat a personal link opens; anything else is the plain 404. */
    private SeatOnly seatOnly(Context ctx) {
        long id = id(ctx);
        String secret = ctx.pathParam("secret");
        if (!SECRET.matcher(secret).matches()) {
            throw PageError.notFound();
        }
        return new SeatOnly(games.seat(id, secret).orElseThrow(PageError::notFound), secret);
    }

    private record SeatOnly(Seat seat, String secret) {
        SeatAndGame withGame(GameService games) {
            return new SeatAndGame(seat, games.findWithClock(seat.gameId()).orElseThrow(PageError::notFound), secret);
        }
    }

    /** A seat and its game with the clock, read in one transaction. */
    private record SeatAndGame(Seat seat, org.epistle.core.games.TimedGame read, String secret) {
        GameView game() {
            return read.game();
        }
    }

    private static void html(io.javalin.http.Context ctx, String page) {
        ctx.contentType("text/html; charset=utf-8").result(page);
    }
}
