package org.epistle.core.rules.notation;

/** Text that cannot be read as a move: says where, and what was expected there. */
public class NotationException extends IllegalArgumentException {
    private final String text;
    private final int position;

    public NotationException(String text, int position, String problem) {
        super(problem);
        this.text = text;
        this.position = position;
    }

    public String text() {
        return text;
    }

    /** Index of the first character that could not be read. */
    public int position() {
        return position;
    }

    /** The text with a caret under the spot, for plain-text mail. */
    public String pointer() {
        return text + "\n" + " ".repeat(Math.max(0, position)) + "^";
    }
}
