package org.epistle.core.rules.position;

/** A FEN string that cannot be read; the message says which field and why. */
public class FenException extends IllegalArgumentException {
    public FenException(String message) {
        super(message);
    }
}
