package org.epistle.core.rules.piece;

/** A piece definition that cannot be read; the message names the offending character. */
public class BetzaException extends IllegalArgumentException {
    private final int position;

    public BetzaException(String definition, int position, String problem) {
        super("Cannot read the piece \"" + definition + "\" at character " + (position + 1) + ": " + problem);
        this.position = position;
    }

    public int position() {
        return position;
    }
}
