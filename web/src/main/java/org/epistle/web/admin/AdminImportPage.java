package org.epistle.web.admin;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.GameImport;
import org.epistle.core.games.GameService;
import org.epistle.templates.Templates;
import org.epistle.web.pages.FormBody;

/**
 * {@code GET /admin/import}, {@code POST /admin/import}: a PGN archive pasted in is read into games, one line of
 * outcome a game ({@link GameImport}); a refused game says why and nothing of it is stored.
 */
final class AdminImportPage {
    /** A pasted archive: far more than a form of moves, far less than would hold the server up. */
    static final int MAX_ARCHIVE_BYTES = 4 * 1024 * 1024;

    private final GameService games;
    private final Templates templates;
    private final AdminGate gate;

    AdminImportPage(GameService games, Templates templates, AdminGate gate) {
        this.games = games;
        this.templates = templates;
        this.gate = gate;
    }

    void register(RoutesConfig routes) {
        routes.get("/admin/import", this::page);
        routes.post("/admin/import", this::importArchive);
    }

    void page(Context ctx) {
        Optional<AdminSessions.Session> s = gate.pageSession(ctx);
        if (s.isPresent()) {
            render(ctx, s.get(), "", "", List.of());
        }
    }

    void importArchive(Context ctx) {
        FormBody form = FormBody.read(ctx.req(), MAX_ARCHIVE_BYTES);
        AdminSessions.Session s = gate.require(ctx, form);
        String pgn = form.field("pgn").orElse("");
        if (pgn.isBlank()) {
            ctx.status(HttpStatus.UNPROCESSABLE_CONTENT);
            render(ctx, s, "", "Nothing was imported: paste the PGN of one or more games.", List.of());
            return;
        }
        List<GameImport.Outcome> outcomes = games.imports().importArchive(pgn);
        long imported = outcomes.stream().filter(o -> o instanceof GameImport.Imported).count();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (GameImport.Outcome o : outcomes) {
            rows.add(row(o));
        }
        String summary = "Imported " + imported + " of " + outcomes.size() + (outcomes.size() == 1 ? " game." : " games.");
        if (imported < outcomes.size()) {
            ctx.status(HttpStatus.UNPROCESSABLE_CONTENT);
            render(ctx, s, imported > 0 ? summary : "", summary + " Each refused game says why below; nothing of it was stored.", rows);
        } else {
            render(ctx, s, summary, "", rows);
        }
    }

    private static Map<String, Object> row(GameImport.Outcome o) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("index", Integer.toString(o.index()));
        row.put("line", Integer.toString(o.line()));
        if (o instanceof GameImport.Imported i) {
            row.put("imported", true);
            row.put("gameId", Long.toString(i.gameId()));
            row.put("text", i.white() + " v " + i.black() + ", " + i.variant() + ", " + i.turns()
                    + (i.turns() == 1 ? " turn, " : " turns, ") + i.result());
        } else {
            row.put("imported", false);
            row.put("gameId", "");
            row.put("text", ((GameImport.Refused) o).reason());
        }
        return row;
    }

    private void render(Context ctx, AdminSessions.Session s, String done, String error, List<Map<String, Object>> outcomes) {
        AdminGate.html(ctx, templates.render("web/admin-import.ftlh", Map.of("csrf", s.csrf(), "done", done, "error", error,
                "outcomes", outcomes, "maxKilobytes", Integer.toString(MAX_ARCHIVE_BYTES / 1024))));
    }
}
