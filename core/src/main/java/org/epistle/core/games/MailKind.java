package org.epistle.core.games;

/** Every mail the server sends; each has a plain-text and an HTML template named after it. */
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
    /** Every mail about a tournament rather than one game: entries, the start, withdrawals, the final table. */
    TOURNAMENT("tournament");

    private final String template;

    MailKind(String template) {
        this.template = template;
    }

    /** The template's base name: {@code turn-accepted} for {@code turn-accepted.ftl} and {@code .ftlh}. */
    public String template() {
        return template;
    }
}
