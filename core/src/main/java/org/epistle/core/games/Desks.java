package org.epistle.core.games;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.epistle.core.games.desk.DeskGame;
import org.epistle.core.games.desk.DigestTable;
import org.epistle.core.games.desk.PlayerCommand;
import org.epistle.core.games.desk.TimeLeft;
import org.jdbi.v3.core.Handle;

/**
 * A player's desk: their games by urgency, the answers to the player commands ({@code games},
 * {@code digest on|off}) and the daily digest. Everything runs inside the caller's transaction.
 */
final class Desks {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm", Locale.ENGLISH);
    private static final DateTimeFormatter MOMENT = DateTimeFormatter.ofPattern("EEEE d MMMM uuuu, HH:mm 'UTC'", Locale.ENGLISH);

    private final MailIdentity identity;
    private final Correspondence post;
    private final KeptGames kept;
    private final DeskLinks links;

    Desks(MailIdentity identity, Correspondence post, KeptGames kept, DeskLinks links) {
        this.identity = identity;
        this.post = post;
        this.kept = kept;
        this.links = links;
    }

    DeskLinks links() {
        return links;
    }

    /** The player's games that go on, most urgent first, read together ({@link DeskReading}), none replayed. */
    List<DeskGame> games(Handle h, Player player, Instant now) {
        List<DeskGame> out = new ArrayList<>();
        for (DeskReading.Running g : DeskReading.of(h, player.id(), now, (handle, id) -> kept.load(handle, id).orElseThrow())) {
            long id = g.row().id();
            String variantName = org.epistle.core.rules.variant.VariantCatalog.find(g.row().variant()).map(v -> v.name())
                    .orElse(g.row().variant());
            out.add(new DeskGame(id, variantName, g.side().label(), g.opponentName(), g.turnNumber(), g.side() == g.toMove(),
                    g.due(), g.due().map(d -> TimeLeft.words(now, d)).orElse(""),
                    identity.playUrl(post.credentials(id, g.side())), identity.gameUrl(id), g.line().lines()));
        }
        out.sort(DeskGame.URGENCY);
        return out;
    }

    /** Acts on a player command of a registered player and writes its answer. */
    Result command(Handle h, Player player, PlayerCommand command, Instant now) {
        DigestTable digests = Tables.attach(h, DigestTable.class);
        if (command instanceof PlayerCommand.ListGames) {
            mailDesk(h, player, "Your games", now);
            return new Result(Result.Effect.SHOWN, "games sent to " + player.email());
        }
        if (command instanceof PlayerCommand.DigestOn on) {
            digests.subscribe(player.id(), on.at().getHour() * 60 + on.at().getMinute(), now);
            mailDesk(h, player, "Your daily digest is on: one mail a day at " + TIME.format(on.at()) + " UTC lists the games"
                    + " where it is your move, and you get no mail for each turn meanwhile. Refusals and the end of a game"
                    + " still come at once. To stop it, write digest off.", now);
            return new Result(Result.Effect.DIGEST_CHANGED, "digest on at " + TIME.format(on.at()) + " UTC for " + player.email());
        }
        if (command instanceof PlayerCommand.DigestOff) {
            boolean was = digests.unsubscribe(player.id()) > 0;
            mailDesk(h, player, was ? "Your daily digest is off: you get a mail for every turn again."
                    : "Your daily digest was not on; you get a mail for every turn, as before.", now);
            return new Result(Result.Effect.DIGEST_CHANGED, "digest off for " + player.email());
        }
        PlayerCommand.DigestUnclear unclear = (PlayerCommand.DigestUnclear) command;
        Refusal refusal = new Refusal("digest-unclear", unclear.why() + " Your digest setting has not changed.",
                "Write digest on (a mail a day at " + TIME.format(org.epistle.core.games.desk.PlayerCommands.DEFAULT_DIGEST_TIME)
                        + " UTC), digest on 18:00 (a time of day in UTC) or digest off.");
        post.refusal(h, player, refusal, now);
        return new Result(Result.Effect.REFUSED, "refused, " + refusal.summary());
    }

    /**
     * Writes a player's digest of the day, when it is due: claims the day first (a second claim, from a second
     * tick or another instance, breaks the key and rolls this back), then mails the games where it is their move.
     *
     * @return whether a mail was written (no mail on a day with nothing to play)
     */
    boolean digest(Handle h, long playerId, LocalDate day, Instant now) {
        Player player = Tables.attach(h, PlayerTable.class).get(playerId);
        List<DeskGame> toPlay = games(h, player, now).stream().filter(DeskGame::yourMove).toList();
        Tables.attach(h, DigestTable.class).claim(playerId, day, toPlay.size(), now);
        if (toPlay.isEmpty()) {
            return false;
        }
        String subject = "[Epistle] Your move in " + toPlay.size() + (toPlay.size() == 1 ? " game" : " games")
                + " · " + DaysPerMove.format(day);
        post.toPlayer(h, player, MailKind.DIGEST, subject,
                model(h, player, MailKind.DIGEST, "It is your move in these games on " + DaysPerMove.format(day) + ":", toPlay, now), now);
        return true;
    }

    private void mailDesk(Handle h, Player player, String headline, Instant now) {
        post.toPlayer(h, player, MailKind.DESK, "[Epistle] Your games",
                model(h, player, MailKind.DESK, headline, games(h, player, now), now), now);
    }

    /** The keys of the desk and digest mails, described in templates/README.md. */
    private Map<String, Object> model(Handle h, Player player, MailKind kind, String headline, List<DeskGame> games, Instant now) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", kind.template());
        m.put("gameId", 0L);
        m.put("recipientName", player.name());
        m.put("headline", headline);
        m.put("deskUrl", identity.baseUrl() + "/desk/" + links.issue(player.id(), now));
        m.put("deskExpires", MOMENT.format(links.expiry(now).atOffset(ZoneOffset.UTC)));
        m.put("digestTime", Tables.attach(h, DigestTable.class).minuteOf(player.id())
                .map(minute -> TIME.format(LocalTime.of(minute / 60, minute % 60)) + " UTC").orElse(""));
        m.put("deskGames", games.stream().map(DeskGame::model).toList());
        m.put("replyAddress", identity.serverAddress());
        return m;
    }
}
