package org.epistle.web.pages;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.DaysPerMove;
import org.epistle.core.games.GameLists;
import org.epistle.core.games.GameService;
import org.epistle.core.games.GameState;
import org.epistle.core.games.GameSummary;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;

/**
 * The front page's list: games being played (most recently moved first), then games that ended
 * (most recent first), filtered by variant and by a part of a player's name, {@link #PAGE_SIZE} games a page.
 */
final class GameList {
    /** Games on one page of the list; the rest are on the next pages. */
    static final int PAGE_SIZE = 25;
    static final int MAX_FILTER = 100;

    private GameList() {
    }

    static Map<String, Object> model(GameService games, Optional<String> variantParam, Optional<String> playerParam,
                                     Optional<String> pageParam) {
        String variant = clean(variantParam).map(v -> VariantCatalog.find(v).map(Variant::key).orElse(v)).orElse("");
        String player = clean(playerParam).orElse("");
        // filtered, sorted and cut into pages by the database (GameLists), counted only a little past this page
        GameLists.Filter filter = new GameLists.Filter(variant, player);
        Paging paging = Paging.of(pageParam, PAGE_SIZE, atMost -> games.lists().countListed(filter, atMost));
        List<Map<String, Object>> active = new ArrayList<>();
        List<Map<String, Object>> ended = new ArrayList<>();
        for (GameSummary g : games.lists().listed(filter, paging.offset(), PAGE_SIZE)) {
            (g.state() == GameState.ACTIVE ? active : ended).add(row(g));
        }

        List<Map<String, Object>> variants = new ArrayList<>();
        for (Variant v : VariantCatalog.all()) {
            variants.add(Map.of("key", v.key(), "name", v.name(), "summary", v.summary(), "selected", v.key().equals(variant)));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("active", active);
        m.put("ended", ended);
        m.put("paging", paging.model(page -> href(variant, player, page)));
        m.put("variants", variants);
        m.put("variantFilter", variant);
        m.put("playerFilter", player);
        m.put("filtered", !variant.isEmpty() || !player.isEmpty());
        return m;
    }

    private static Map<String, Object> row(GameSummary g) {
        boolean active = g.state() == GameState.ACTIVE;
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("id", g.id());
        r.put("variantName", g.variantName());
        r.put("whiteName", g.whiteName());
        r.put("blackName", g.blackName());
        r.put("state", g.state().name().toLowerCase(Locale.ROOT));
        r.put("sideToMove", active ? g.sideToMove().label() : "");
        r.put("toMoveName", active ? (g.sideToMove() == Side.WHITE ? g.whiteName() : g.blackName()) : "");
        r.put("turnNumber", g.turnNumber());
        r.put("result", g.result().orElse(""));
        r.put("lastTurn", g.lastTurn());
        r.put("updated", GameModel.when(g.updatedAt()));
        r.put("deadline", g.deadline().map(DaysPerMove::format).orElse(""));
        return r;
    }

    /** The link to another page of the same list: the filters kept, each value URL-encoded. */
    private static String href(String variant, String player, int page) {
        StringBuilder href = new StringBuilder("/?");
        if (!variant.isEmpty()) href.append("variant=").append(URLEncoder.encode(variant, StandardCharsets.UTF_8)).append('&');
        if (!player.isEmpty()) href.append("player=").append(URLEncoder.encode(player, StandardCharsets.UTF_8)).append('&');
        return href.append("page=").append(page).toString();
    }

    private static Optional<String> clean(Optional<String> param) {
        return param.map(String::strip).filter(s -> !s.isEmpty())
                .map(s -> s.length() > MAX_FILTER ? s.substring(0, MAX_FILTER) : s);
    }
}
