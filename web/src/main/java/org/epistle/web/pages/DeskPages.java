package org.epistle.web.pages;

import io.javalin.config.RoutesConfig;
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
    private final Runnable afterCommit;

    public DeskPages(GameService games, Templates templates) {
        this(games, templates, () -> { });
    }

    /** @param afterCommit run after leave was booked or cancelled here (the outbox sender's wake-up) */
    public DeskPages(GameService games, Templates templates, Runnable afterCommit) {
        this.games = games;
        this.templates = templates;
        this.afterCommit = afterCommit;
    }

    public void register(RoutesConfig routes) {
        routes.get("/desk/{token}", this::desk);
        routes.post("/desk/{token}/leave", this::leave);
        routes.post("/desk/{token}/xfcc", this::clientPassword);
    }

    private void desk(Context ctx) {
        Player player = opened(ctx);
        show(ctx, player, DONE.getOrDefault(java.util.Optional.ofNullable(ctx.queryParam("done")).orElse(""), ""), "", "");
    }

    private static final Map<String, String> DONE = Map.of(
            "leave-booked", "Your leave is booked. The details are in a mail to you, and your opponents have been told.",
            "leave-cancelled", "Your leave is cancelled. Your clock runs again whenever it is your move.",
            "xfcc-password-set", "Your Xfcc password is set: your correspondence client signs in with it and one of your addresses.");

    /** Sets the player's Xfcc password, typed twice; a refusal is shown on the page, and the password never. */
    private void clientPassword(Context ctx) {
        Player player = opened(ctx);
        FormBody form = FormBody.read(ctx.req());
        String password = form.field("password").orElse("");
        String refused = "";
        if (!password.equals(form.field("again").orElse(""))) {
            refused = "The two passwords differ: type the same password twice.";
        } else {
            try {
                games.setClientPassword(player.id(), password.toCharArray());
            } catch (IllegalArgumentException e) {
                refused = "Your Xfcc password was not set: " + e.getMessage() + ".";
            }
        }
        if (refused.isEmpty()) {
            ctx.redirect(deskPath(ctx) + "?done=xfcc-password-set", io.javalin.http.HttpStatus.SEE_OTHER);
            return;
        }
        ctx.status(422);
        show(ctx, player, "", refused, "");
    }

    private static String deskPath(Context ctx) {
        return ctx.path().replaceFirst("/(leave|xfcc)$", "");
    }

    /**
     * Books or cancels leave from the desk, through the same command as the mail {@code leave FIRST LAST} or
     * {@code leave cancel}; a refusal is shown on the page with the reason, and the player is mailed as by mail.
     */
    private void leave(Context ctx) {
        Player player = opened(ctx);
        FormBody form = FormBody.read(ctx.req());
        boolean cancel = form.field("cancel").isPresent();
        String first = form.field("first").orElse("").strip();
        String last = form.field("last").orElse("").strip();
        var command = cancel ? new org.epistle.core.games.clock.CalendarCommand.CancelLeave()
                : new org.epistle.core.games.clock.CalendarCommand.BookLeave(first + " " + last);
        org.epistle.core.games.Result result = games.handle(player.email(), command, java.util.Optional.empty());
        afterCommit.run();
        if (result.effect() == org.epistle.core.games.Result.Effect.PLAYER_CHANGED) {
            ctx.redirect(deskPath(ctx) + "?done=" + (cancel ? "leave-cancelled" : "leave-booked"),
                    io.javalin.http.HttpStatus.SEE_OTHER);
            return;
        }
        ctx.status(422);
        show(ctx, player, "", result.outcome().replaceFirst("^refused, ", ""), cancel ? "" : first + "|" + last);
    }

    /** The player whose desk the link opens; otherwise a page that says what is wrong with the link. */
    private Player opened(Context ctx) {
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
        return games.player(desk.playerId()).orElseThrow(PageError::notFound);
    }

    private void show(Context ctx, Player player, String done, String refused, String entered) {
        List<DeskGame> list = games.desk(player.id());
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("playerName", player.name());
        model.put("games", list.stream().map(DeskGame::model).toList());
        model.put("digestTime", games.digestTime(player.id()).map(t -> t + " UTC").orElse(""));
        model.put("serverAddress", games.identity().serverAddress());
        GameService.LeaveView leave = games.leave(player.id());
        model.put("leaveBooked", leave.booked());
        model.put("leaveDaysLeft", leave.daysLeft());
        model.put("leaveYear", Integer.toString(leave.year()));
        model.put("leaveAction", deskPath(ctx) + "/leave");
        model.put("xfccAction", deskPath(ctx) + "/xfcc");
        model.put("xfccUrl", games.identity().baseUrl() + org.epistle.web.xfcc.XfccService.PATH);
        model.put("xfccPasswordSet", games.hasClientPassword(player.id()));
        model.put("done", done);
        model.put("refused", refused);
        String[] typed = entered.split("\\|", -1);
        model.put("first", typed.length == 2 ? typed[0] : "");
        model.put("last", typed.length == 2 ? typed[1] : "");
        ctx.contentType("text/html; charset=utf-8").result(templates.render("web/desk.ftlh", model));
    }
}
