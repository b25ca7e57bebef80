package org.epistle.core.games;

/** Every mail the server sends; each has a plain-text and an HTML template (several kinds may share one). */
public enum MailKind {
    GAME_STARTED("game-started"),
    TURN_ACCEPTED("turn-accepted"),
    TURN_REJECTED("turn-rejected"),
    GAME_OVER("game-over"),
    DRAW_OFFERED("draw-offered"),
    DRAW_DECLINED("draw-declined"),
    BOARD("board"),
    HISTORY("history"),
    HELP("help"),
    REFUSAL("refusal"),
    /** To a seat's player: a mail with their game's secret came from an address that is not theirs. */
    OTHER_SENDER("notice"),
    /** To an address a player asked to add: reply from it to confirm. */
    ADDRESS_CONFIRMATION("notice"),
    /** To a player: an address was asked for, added or refused. */
    ADDRESS_NOTICE("notice"),
    /** A player's conditional line: queued, cleared, or cancelled because the opponent played another turn. */
    CONDITIONAL_LINE("conditional-line"),
    /** A player's games, as their desk page lists them (the answer to {@code games} and {@code digest}). */
    DESK("desk"),
    /** The daily digest: the games where it is the player's move. */
    DIGEST("digest"),
    /** A clock's news: a reminder, extra time given, an opponent's leave starting or ending. */
    CLOCK_NOTICE("clock-notice"),
    /** Every mail about a tournament rather than one game: entries, the start, withdrawals, the final table. */
    TOURNAMENT("tournament"),
    /** To an address that asked to follow a game: reply to confirm. */
    OBSERVER_CONFIRMATION("notice"),
    /** To an observer: following started or stopped. */
    OBSERVER_NOTICE("notice"),
    /** To an observer: a turn of the game they follow, some turns late, or its end. */
    OBSERVER_TURN("observer");

    private final String template;

    MailKind(String template) {
        this.template = template;
    }

    /** The template's base name: {@code turn-accepted} for {@code turn-accepted.ftl} and {@code .ftlh}. */
    public String template() {
        return template;
    }
}
