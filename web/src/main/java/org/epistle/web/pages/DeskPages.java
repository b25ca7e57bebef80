package org.epistle.web.pages;

import io.javalin.Javalin;
import io.javalin.http.Context;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.epistle.core.games.DeskLinks;
import org.epistle.core.games.GameService;
import org.epistle.core.games.Player;
import org.epistle.core.games.desk.DeskGame;
import org.epistle.templates.Templates;

/**
 * {@code GET /desk/{token}}: a player's desk, reached by the signed link the server mails them (command
 * {@code games}, the digest mails). Every game that goes on, most urgent first, each with a link to the
 * player's own page of it. An expired link and one that was altered each get a page that says so and how
 * to get a new one; neither tells whose desk it was.
 */
public final class DeskPages {
    private static final DateTimeFormatter MOMENT = DateTimeFormatter.ofPattern("EEEE d MMMM uuuu, HH:mm 'UTC'", Locale.ENGLISH);

    private final GameService games;
    private final Templates templates;

    public DeskPages(GameService games, Templates templates) {
        this.games = games;
        this.templates = templates;
    }

    public void register(Javalin app) {
        app.get("/desk/{token}", this::desk);
    }

    private void desk(Context ctx) {
        // the link is a credential: keep it out of caches and out of the Referer of the links it holds
        ctx.header("Cache-Control", "no-store");
        String again = "Send a mail with the single word games to " + games.identity().serverAddress()
                + " from your registered address, and you will get a new link by return.";
        DeskLinks.Opened opened = games.openDesk(ctx.pathParam("token"));
        if (opened instanceof DeskLinks.Opened.Expired expired) {
            throw new PageError(410, "This desk link has expired",
                    "The link worked until " + MOMENT.format(expired.at().atOffset(ZoneOffset.UTC)) + ". " + again);
        }
        if (!(opened instanceof DeskLinks.Opened.Desk desk)) {
            throw new PageError(404, "This desk link is not valid",
                    "The link is not one this server made: it may have been cut short or changed when it was copied. " + again);
        }
        Player player = games.player(desk.playerId()).orElseThrow(PageError::notFound);
        List<DeskGame> list = games.desk(player.id());
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("playerName", player.name());
        model.put("games", list.stream().map(DeskPages::row).toList());
        model.put("digestTime", games.digestTime(player.id()).map(t -> t + " UTC").orElse(""));
        model.put("serverAddress", games.identity().serverAddress());
        ctx.contentType("text/html; charset=utf-8").result(templates.render("web/desk.ftlh", model));
    }

    private static Map<String, Object> row(DeskGame g) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("gameId", g.gameId());
        m.put("variantName", g.variantName());
        m.put("side", g.side());
        m.put("opponentName", g.opponentName());
        m.put("turnNumber", g.turnNumber());
        m.put("yourMove", g.yourMove());
        m.put("whoseMove", g.whoseMove());
        m.put("timeLeft", g.timeLeft());
        m.put("deadline", g.due().map(d -> MOMENT.format(d.atOffset(ZoneOffset.UTC))).orElse(""));
        m.put("playUrl", g.playUrl());
        m.put("line", g.line());
        return m;
    }
}
