package org.epistle.web.pages;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.epistle.core.games.Entrant;
import org.epistle.core.games.GameService;
import org.epistle.core.games.Tournament;
import org.epistle.core.games.TournamentGame;
import org.epistle.core.games.TournamentListing;
import org.epistle.core.games.TournamentView;
import org.epistle.core.games.tournament.Crosstable;
import org.epistle.core.games.rating.VariantFamily;
import org.epistle.core.games.tournament.TieBreak;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.epistle.templates.Templates;

/**
 * The public tournament pages.
 *
 * <ul>
 * <li>{@code GET /tournaments} every tournament</li>
 * <li>{@code GET /tournaments/{id}} the crosstable (each pairing's marks linked to their games,
 *     points, tie-breaks, places), and every game by round; before the start, the list of players</li>
 * <li>{@code GET /tournaments/{id}/games.pgn} every game as PGN, with the tournament as Event and its round</li>
 * <li>{@code GET /players/{id}/games.pgn} all of a player's games as PGN, tournament games with Event and Round</li>
 * <li>{@code GET /players/{id}} a player's rating in each family of variants and the rated games behind it
 *     (never their address)</li>
 * </ul>
 */
public final class TournamentPages {
    private static final Pattern ID = Pattern.compile("[1-9][0-9]{0,17}");

    private final GameService games;
    private final Templates templates;
    /**
     * The latest page of each tournament with the version it was built at, already encoded: a 20-player double
     * round robin's page is some 150 KB, and encoding it again for every visitor cost more than the query that
     * says it is still current. A handful of tournaments at most are live.
     */
    private final Map<Long, Kept> pages = java.util.Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Kept> eldest) {
            return size() > 64;
        }
    });

    public TournamentPages(GameService games, Templates templates) {
        this.games = games;
        this.templates = templates;
    }

    public void register(RoutesConfig routes) {
        routes.get("/tournaments", this::list);
        routes.get("/tournaments/{id}", this::tournament);
        routes.get("/tournaments/{id}/games.pgn", this::pgn);
        routes.get("/players/{id}", this::player);
        routes.get("/players/{id}/games.pgn", this::playerPgn);
    }

    void list(Context ctx) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (TournamentListing line : games.tournaments().listing()) {
            Tournament t = line.tournament();
            rows.add(Map.of("href", "/tournaments/" + t.id(), "name", t.name(), "description", description(t),
                    "state", state(t), "players", Long.toString(line.players())));
        }
        html(ctx, templates.render("web/tournaments.ftlh", Map.of("tournaments", rows)));
    }

    void tournament(Context ctx) {
        long id = id(ctx);
        // The version is read before the tournament: a page kept under it is never older than it.
        String version = games.tournaments().version(id).orElseThrow(PageError::notFound);
        Kept kept = pages.get(id);
        if (kept == null || !kept.version().equals(version)) {
            TournamentView v = games.tournaments().view(id).orElseThrow(PageError::notFound);
            Map<String, Object> model = model(v);
            if (v.tournament().isKnockout() && !v.games().isEmpty()) {
                model.put("bracket", games.tournaments().bracket(id));
                model.put("rounds", knockoutRounds(v));
            }
            kept = new Kept(version, templates.render("web/tournament.ftlh", model).getBytes(StandardCharsets.UTF_8));
            pages.put(id, kept);
        }
        ctx.contentType("text/html; charset=utf-8").result(kept.page());
    }

    /** A page as served (UTF-8) and the tournament's version it shows. */
    private record Kept(String version, byte[] page) {
    }

    /** The page's model; public for the bench, which renders it as the page does. */
    public static Map<String, Object> model(TournamentView v) {
        Tournament t = v.tournament();
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("id", Long.toString(t.id()));
        model.put("name", t.name());
        model.put("description", description(t));
        model.put("state", state(t));
        model.put("entrants", v.entrants().stream().filter(e -> e.status() != Entrant.Status.INVITED)
                .map(e -> Map.of("name", e.player().name(), "status", e.status() == Entrant.Status.JOINED ? "joined"
                        : "withdrew")).toList());
        model.put("pgnHref", "/tournaments/" + t.id() + "/games.pgn");
        v.crosstable().ifPresent(table -> {
            model.put("crosstable", crosstable(table));
            model.put("rounds", rounds(v, table));
        });
        return model;
    }

    private static Map<String, Object> crosstable(Crosstable table) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Crosstable.Row r : table.rows()) {
            List<Map<String, Object>> cells = new ArrayList<>();
            for (Crosstable.Cell c : r.cells()) {
                List<Map<String, Object>> marks = c.marks().stream().map(m -> Map.<String, Object>of("symbol", m.symbol(),
                        "href", m.gameId() > 0 ? "/games/" + m.gameId() : "", "unfinished", m.unfinished())).toList();
                cells.add(Map.of("self", c.self(), "marks", marks));
            }
            rows.add(Map.of("number", Integer.toString(r.number()), "name", r.name(), "cells", cells,
                    "points", r.points(), "tieBreaks", r.tieBreaks(), "place", r.place()));
        }
        List<String> header = new ArrayList<>();
        for (int n = 1; n <= table.rows().size(); n++) {
            header.add(Integer.toString(n));
        }
        return Map.of("header", header, "tieBreaks", table.tieBreaks().stream().map(TieBreak::code).toList(),
                "rows", rows);
    }

    private static List<Map<String, Object>> rounds(TournamentView v, Crosstable table) {
        Map<Integer, List<Map<String, Object>>> byRound = new TreeMap<>();
        for (TournamentGame g : v.games()) {
            byRound.computeIfAbsent(g.round(), r -> new ArrayList<>()).add(Map.of(
                    "href", "/games/" + g.gameId(),
                    "white", table.names().get(g.white() - 1),
                    "black", table.names().get(g.black() - 1),
                    "result", g.outcome().mark(),
                    "unfinished", g.outcome() == org.epistle.core.games.tournament.Outcome.UNFINISHED));
        }
        List<Map<String, Object>> rounds = new ArrayList<>();
        byRound.forEach((n, list) -> rounds.add(Map.of("number", Integer.toString(n), "games", list)));
        return rounds;
    }

    /** A knockout's games round by round: it has no crosstable, so the names come from the games themselves. */
    private List<Map<String, Object>> knockoutRounds(TournamentView v) {
        Map<Integer, List<Map<String, Object>>> byRound = new TreeMap<>();
        for (TournamentGame g : v.games()) {
            games.find(g.gameId()).ifPresent(game -> byRound.computeIfAbsent(g.round(), r -> new ArrayList<>()).add(Map.of(
                    "href", "/games/" + g.gameId(),
                    "white", game.white().name(),
                    "black", game.black().name(),
                    "result", g.outcome().mark(),
                    "unfinished", g.outcome() == org.epistle.core.games.tournament.Outcome.UNFINISHED)));
        }
        List<Map<String, Object>> rounds = new ArrayList<>();
        byRound.forEach((n, list) -> rounds.add(Map.of("number", Integer.toString(n), "games", list)));
        return rounds;
    }

    void pgn(Context ctx) {
        TournamentView v = view(ctx);
        StringBuilder all = new StringBuilder();
        for (TournamentGame g : v.games()) {
            games.find(g.gameId()).ifPresent(game -> {
                if (all.length() > 0) {
                    all.append('\n');
                }
                all.append(PgnRecord.of(game, games.identity().gameUrl(g.gameId()), v.tournament().name(),
                        Integer.toString(g.round())));
            });
        }
        ctx.header("Content-Disposition", "attachment; filename=\"epistle-tournament-" + v.tournament().id() + ".pgn\"");
        ctx.contentType("application/x-chess-pgn; charset=utf-8").result(all.toString());
    }

    /** All of a player's games as PGN, oldest first; a tournament game carries its Event and Round. */
    void playerPgn(Context ctx) {
        long id = id(ctx);
        games.players().stream().filter(x -> x.id() == id).findFirst().orElseThrow(PageError::notFound);
        StringBuilder all = new StringBuilder();
        for (org.epistle.core.games.PlayerGame g : games.tournaments().gamesOf(id)) {
            games.find(g.gameId()).ifPresent(game -> {
                if (all.length() > 0) {
                    all.append('\n');
                }
                String site = games.identity().gameUrl(g.gameId());
                all.append(g.tournament().isPresent() ? PgnRecord.of(game, site, g.tournament().get(),
                        g.round().map(String::valueOf).orElse("?")) : PgnRecord.of(game, site));
            });
        }
        ctx.header("Content-Disposition", "attachment; filename=\"epistle-player-" + id + ".pgn\"");
        ctx.contentType("application/x-chess-pgn; charset=utf-8").result(all.toString());
    }

    void player(Context ctx) {
        long id = id(ctx);
        org.epistle.core.games.Player p = games.player(id).orElseThrow(PageError::notFound);
        List<Map<String, Object>> families = new ArrayList<>();
        for (org.epistle.core.games.FamilyRating r : games.tournaments().ratings(id)) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (org.epistle.core.games.RatedGame g : games.tournaments().ratedGames(id, r.family())) {
                rows.add(Map.of("href", "/games/" + g.gameId(), "game", Long.toString(g.gameId()),
                        "opponent", g.opponent(), "colour", g.asWhite() ? "White" : "Black", "result", g.result(),
                        "before", Long.toString(Math.round(g.before())), "after", Long.toString(Math.round(g.after()))));
            }
            families.add(Map.of("name", VariantFamily.byKey(r.family()).map(VariantFamily::name).orElse(r.family()),
                    "rating", r.rating().label(), "games", Integer.toString(r.games()), "rows", rows));
        }
        html(ctx, templates.render("web/player.ftlh", Map.of("name", p.name(), "families", families,
                "pgnHref", "/players/" + id + "/games.pgn", "feedHref", "/players/" + id + "/feed.atom")));
    }

    private TournamentView view(Context ctx) {
        return games.tournaments().view(id(ctx)).orElseThrow(PageError::notFound);
    }

    private static long id(Context ctx) {
        String id = ctx.pathParam("id");
        if (!ID.matcher(id).matches()) {
            throw PageError.notFound();
        }
        return Long.parseLong(id);
    }

    static String description(Tournament t) {
        String variant = VariantCatalog.find(t.variant()).map(Variant::name).orElse(t.variant());
        return t.kind().label().substring(0, 1).toUpperCase(Locale.ROOT) + t.kind().label().substring(1) + " of "
                + variant + ", scored " + t.scoring().label()
                + (t.tieBreaks().isEmpty() ? "" : ", tie-breaks " + String.join(", ", t.tieBreaks().stream()
                .map(TieBreak::title).toList()))
                + (t.timeControl().equals("none") ? "" : ", time control " + t.timeControl())
                + (t.rated() ? ", rated" : "");
    }

    private static String state(Tournament t) {
        return t.state().name().toLowerCase(Locale.ROOT);
    }

    private static void html(Context ctx, String page) {
        ctx.contentType("text/html; charset=utf-8").result(page);
    }
}
