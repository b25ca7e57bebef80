package org.epistle.web.admin;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.Contact;
import org.epistle.core.games.Entrant;
import org.epistle.core.games.GameService;
import org.epistle.core.games.Tournament;
import org.epistle.core.games.TournamentAnswer;
import org.epistle.core.games.TournamentService;
import org.epistle.core.games.TournamentView;
import org.epistle.core.games.tournament.Scoring;
import org.epistle.core.games.tournament.TieBreak;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.games.tournament.TournamentState;
import org.epistle.core.games.tournament.WithdrawalRule;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.variant.VariantCatalog;
import org.epistle.templates.Templates;
import org.epistle.web.pages.FormBody;
import org.epistle.web.pages.PageError;
import org.epistle.web.pages.TournamentPages;

/**
 * The admin's tournament pages, behind the admin session (the same login and CSRF rules as the console).
 *
 * <ul>
 * <li>{@code GET /admin/tournaments}: every tournament, and the form that creates one</li>
 * <li>{@code POST /admin/tournaments}: create (name, variant, kind, armies, time control, scoring, tie-breaks,
 *     withdrawal rule, most players, thematic position, rated)</li>
 * <li>{@code GET /admin/tournaments/{id}}: the settings, the list of players with their addresses, the invite
 *     form, the start button, and once started the crosstable and the games</li>
 * <li>{@code POST /admin/tournaments/{id}/invite}: a player by name and address (mailed how to join)</li>
 * <li>{@code POST /admin/tournaments/{id}/start}: every game created and mailed</li>
 * <li>{@code POST /admin/tournaments/{id}/withdraw}: a player withdrawn, by the tournament's rule</li>
 * </ul>
 *
 * Every change goes through {@link TournamentService}; a refusal is shown on the page it came from (422),
 * with the field at fault marked {@code aria-invalid}, and changes nothing. A change that is done answers
 * 303 to the tournament's page, which says what was done.
 */
public final class AdminTournamentPages {
    private static final int MAX_FIELD = 300;
    private static final Map<String, String> DONE = Map.of(
            "created", "The tournament was created; entry is open. Invite the players below.",
            "invited", "The player was invited and mailed how to join.",
            "started", "The tournament has started: every game was created and each player mailed their games.",
            "withdrew", "The player was withdrawn, and the players were told; the table below shows what became of the games.");

    private final GameService games;
    private final Templates templates;
    private final Runnable afterCommit;
    private final AdminGate gate;

    /**
     * @param sessions    the admin sessions the console logs into (one login for every admin page)
     * @param afterCommit run after every change that wrote mails (the outbox sender's wake-up)
     */
    public AdminTournamentPages(GameService games, Templates templates, Runnable afterCommit, AdminSessions sessions) {
        this.games = games;
        this.templates = templates;
        this.afterCommit = afterCommit;
        this.gate = new AdminGate(sessions);
    }

    public void register(RoutesConfig routes) {
        routes.get("/admin/tournaments", this::list);
        routes.post("/admin/tournaments", this::create);
        routes.get("/admin/tournaments/{id}", this::show);
        routes.post("/admin/tournaments/{id}/invite", this::invite);
        routes.post("/admin/tournaments/{id}/start", this::start);
        routes.post("/admin/tournaments/{id}/withdraw", this::withdraw);
    }

    private TournamentService tournaments() {
        return games.tournaments();
    }

    // --- the list and the create form

    void list(Context ctx) {
        Optional<AdminSessions.Session> s = gate.pageSession(ctx);
        if (s.isEmpty()) {
            return;
        }
        renderList(ctx, s.get(), TournamentForm.blank(), new Refusal("", ""));
    }

    void create(Context ctx) {
        FormBody body = FormBody.read(ctx.req());
        AdminSessions.Session s = gate.require(ctx, body);
        TournamentForm form = TournamentForm.of(body);
        TournamentForm.Reading reading = form.read(name -> tournaments().view(name).isPresent());
        if (reading instanceof TournamentForm.Invalid invalid) {
            refuse(ctx);
            renderList(ctx, s, form, new Refusal(sentence("The tournament was not created: " + invalid.why()), invalid.field()));
            return;
        }
        TournamentForm.Valid valid = (TournamentForm.Valid) reading;
        TournamentAnswer answer = tournaments().create(valid.tournament());
        if (answer instanceof TournamentAnswer.Done done) {
            // its games, which take the delay, come only with the start
            games.observers().setTournamentDelay(done.tournamentId(), valid.observerDelay());
            ctx.redirect("/admin/tournaments/" + done.tournamentId() + "?done=created", HttpStatus.SEE_OTHER);
            return;
        }
        refuse(ctx);
        renderList(ctx, s, form, new Refusal("The tournament was not created: " + answer.message(), ""));
    }

    private void renderList(Context ctx, AdminSessions.Session s, TournamentForm form, Refusal refusal) {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("csrf", s.csrf());
        model.put("error", refusal.message());
        model.put("invalid", refusal.field());
        model.put("entered", form.entered());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Tournament t : tournaments().list()) {
            TournamentView v = tournaments().view(t.id()).orElseThrow();
            long joined = v.entrants().stream().filter(Entrant::hasJoined).count();
            long invited = v.entrants().stream().filter(e -> e.status() == Entrant.Status.INVITED).count();
            rows.add(Map.of("href", "/admin/tournaments/" + t.id(), "id", Long.toString(t.id()), "name", t.name(),
                    "variant", VariantCatalog.find(t.variant()).map(x -> x.name()).orElse(t.variant()),
                    "kind", t.kind().label(), "state", t.state().name().toLowerCase(Locale.ROOT),
                    "players", joined + " joined" + (t.isOpen() && invited > 0 ? ", " + invited + " invited" : "")));
        }
        model.put("tournaments", rows);
        model.put("variants", VariantCatalog.all().stream().map(v -> option(v.key(), v.name(), form.field("variant"))).toList());
        model.put("kinds", List.of(TournamentKind.ROUND_ROBIN, TournamentKind.DOUBLE_ROUND_ROBIN, TournamentKind.KNOCKOUT).stream()
                .map(k -> option(TournamentForm.key(k), k.label() + " (" + k.minPlayers() + " to " + k.maxPlayers()
                        + " players)", form.field("kind"))).toList());
        model.put("whiteArmies", Armies.ALL.stream().map(a -> option(a.key(), a.name(), form.field("whiteArmy"))).toList());
        model.put("blackArmies", Armies.ALL.stream().map(a -> option(a.key(), a.name(), form.field("blackArmy"))).toList());
        model.put("scorings", java.util.Arrays.stream(Scoring.values())
                .map(x -> option(TournamentForm.key(x), x.label(), form.field("scoring"))).toList());
        List<Map<String, Object>> slots = new ArrayList<>();
        for (int i = 1; i <= TournamentForm.TIE_BREAK_SLOTS; i++) {
            String field = TournamentForm.tieBreakField(i);
            List<Map<String, Object>> options = new ArrayList<>();
            options.add(option("", "none", form.field(field)));
            for (TieBreak tb : TieBreak.values()) {
                options.add(option(tb.code(), tb.title() + " (" + tb.code() + ")", form.field(field)));
            }
            slots.add(Map.of("field", field, "label", ORDINALS.get(i - 1) + " tie-break", "options", options));
        }
        model.put("tieBreakSlots", slots);
        model.put("tieRules", List.of(
                option(TournamentForm.key(org.epistle.core.games.tournament.TieRule.LOTS), "by lot, drawn so that anyone can draw it again",
                        form.field("tieRule")),
                option(TournamentForm.key(org.epistle.core.games.tournament.TieRule.BETTER_RATED), "the better-rated player goes through",
                        form.field("tieRule"))));
        model.put("withdrawals", List.of(
                option(TournamentForm.key(WithdrawalRule.FORFEIT_UNFINISHED),
                        "the unfinished games are lost by forfeit", form.field("withdrawal")),
                option(TournamentForm.key(WithdrawalRule.ANNUL_IF_FEWER_THAN_HALF_PLAYED),
                        "all the player's games are annulled when fewer than half were played; otherwise forfeit",
                        form.field("withdrawal"))));
        AdminGate.html(ctx, templates.render("web/admin-tournaments.ftlh", model));
    }

    private static final List<String> ORDINALS = List.of("First", "Second", "Third", "Fourth", "Fifth", "Sixth");

    private static Map<String, Object> option(String key, String label, String chosen) {
        return Map.of("key", key, "label", label, "selected", key.equalsIgnoreCase(chosen));
    }

    // --- one tournament

    void show(Context ctx) {
        Optional<AdminSessions.Session> s = gate.pageSession(ctx);
        if (s.isEmpty()) {
            return;
        }
        TournamentView v = tournaments().view(AdminGate.pathId(ctx)).orElseThrow(PageError::notFound);
        String done = DONE.getOrDefault(Optional.ofNullable(ctx.queryParam("done")).orElse(""), "");
        renderTournament(ctx, s.get(), v, done, new Refusal("", ""), Map.of());
    }

    void invite(Context ctx) {
        FormBody body = FormBody.read(ctx.req());
        AdminSessions.Session s = gate.require(ctx, body);
        TournamentView v = tournaments().view(AdminGate.pathId(ctx)).orElseThrow(PageError::notFound);
        Map<String, String> entered = Map.of("inviteName", body.field("name").orElse("").strip(),
                "inviteAddress", body.field("address").orElse("").strip());
        Contact contact;
        try {
            if (entered.get("inviteName").length() > MAX_FIELD || entered.get("inviteAddress").length() > MAX_FIELD) {
                throw new IllegalArgumentException("a name or address longer than " + MAX_FIELD + " characters is not one");
            }
            contact = new Contact(entered.get("inviteName"), entered.get("inviteAddress"));
        } catch (IllegalArgumentException e) {
            String field = nameIsWrong(entered.get("inviteName")) ? "inviteName" : "inviteAddress";
            refuse(ctx);
            renderTournament(ctx, s, v, "", new Refusal(sentence("Nobody was invited: " + e.getMessage()), field), entered);
            return;
        }
        TournamentAnswer answer;
        try {
            answer = tournaments().invite(v.tournament().id(), contact);
        } finally {
            afterCommit.run();
        }
        after(ctx, s, answer, "invited", "Nobody was invited: ", "inviteAddress", entered);
    }

    void start(Context ctx) {
        FormBody body = FormBody.read(ctx.req());
        AdminSessions.Session s = gate.require(ctx, body);
        long id = AdminGate.pathId(ctx);
        tournaments().view(id).orElseThrow(PageError::notFound);
        TournamentAnswer answer;
        try {
            answer = tournaments().start(id);
        } finally {
            afterCommit.run();
        }
        after(ctx, s, answer, "started", "The tournament was not started: ", "", Map.of());
    }

    void withdraw(Context ctx) {
        FormBody body = FormBody.read(ctx.req());
        AdminSessions.Session s = gate.require(ctx, body);
        long id = AdminGate.pathId(ctx);
        TournamentView v = tournaments().view(id).orElseThrow(PageError::notFound);
        String player = body.field("player").orElse("").strip();
        if (!AdminGate.isId(player)) {
            refuse(ctx);
            renderTournament(ctx, s, v, "", new Refusal("Nobody was withdrawn: choose a player of the list.", ""), Map.of());
            return;
        }
        TournamentAnswer answer;
        try {
            answer = tournaments().withdraw(id, Long.parseLong(player));
        } finally {
            afterCommit.run();
        }
        after(ctx, s, answer, "withdrew", "Nobody was withdrawn: ", "", Map.of());
    }

    /** Whether the name alone is what a {@link Contact} refuses (so the page marks that field, not the address). */
    private static boolean nameIsWrong(String name) {
        try {
            new Contact(name, "someone@example.org");
            return name.length() > MAX_FIELD;
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    /** A done answer goes back to the tournament's page; a refused one is shown on it, with nothing changed. */
    private void after(Context ctx, AdminSessions.Session s, TournamentAnswer answer, String done, String refusedPrefix,
                       String field, Map<String, String> entered) {
        long id = AdminGate.pathId(ctx);
        if (answer.isDone()) {
            ctx.redirect("/admin/tournaments/" + id + "?done=" + done, HttpStatus.SEE_OTHER);
            return;
        }
        refuse(ctx);
        TournamentView v = tournaments().view(id).orElseThrow(PageError::notFound);
        renderTournament(ctx, s, v, "", new Refusal(refusedPrefix + answer.message(), field), entered);
    }

    private void renderTournament(Context ctx, AdminSessions.Session s, TournamentView v, String done, Refusal refusal,
                                  Map<String, String> entered) {
        Tournament t = v.tournament();
        Map<String, Object> model = TournamentPages.model(v);
        model.put("csrf", s.csrf());
        model.put("done", done);
        model.put("error", refusal.message());
        model.put("invalid", refusal.field());
        model.put("inviteName", entered.getOrDefault("inviteName", ""));
        model.put("inviteAddress", entered.getOrDefault("inviteAddress", ""));
        model.put("publicHref", "/tournaments/" + t.id());
        model.put("open", t.isOpen());
        model.put("canWithdraw", t.state() != TournamentState.FINISHED);
        model.put("maxPlayers", Integer.toString(t.maxPlayers()));
        model.put("startFen", t.startFen().orElse(""));
        model.put("armies", Armies.byKey(t.whiteArmy()).map(a -> a.name()).orElse(t.whiteArmy()) + " (White), "
                + Armies.byKey(t.blackArmy()).map(a -> a.name()).orElse(t.blackArmy()) + " (Black)");
        model.put("withdrawalRule", t.withdrawalRule() == WithdrawalRule.FORFEIT_UNFINISHED
                ? "a withdrawn player's unfinished games are lost by forfeit"
                : "a withdrawn player's games are all annulled when fewer than half were played; otherwise the unfinished ones are lost by forfeit");
        List<Map<String, Object>> players = new ArrayList<>();
        for (Entrant e : v.entrants()) {
            players.add(Map.of("id", Long.toString(e.player().id()), "name", e.player().name(), "email", e.player().email(),
                    "number", e.number() > 0 ? Integer.toString(e.number()) : "",
                    "status", e.status().name().toLowerCase(Locale.ROOT),
                    "withdrawable", e.hasJoined() && t.state() != TournamentState.FINISHED));
        }
        model.put("players", players);
        model.put("joined", Long.toString(v.entrants().stream().filter(Entrant::hasJoined).count()));
        AdminGate.html(ctx, templates.render("web/admin-tournament.ftlh", model));
    }

    /** Why nothing was done, and the form field at fault ("" when it is not one field's fault). */
    private record Refusal(String message, String field) {
    }

    /** Ends a refusal with one full stop, whether the reason brought its own or not. */
    private static String sentence(String text) {
        return text.endsWith(".") ? text : text + ".";
    }

    private static void refuse(Context ctx) {
        ctx.status(HttpStatus.UNPROCESSABLE_CONTENT);
    }

}
