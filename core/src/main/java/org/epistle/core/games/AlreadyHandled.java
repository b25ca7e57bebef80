package org.epistle.core.games;

/** The inbound mail was handled before (perhaps by another worker a moment ago); this attempt is rolled back. */
final class AlreadyHandled extends RuntimeException {
    AlreadyHandled(String key) {
        super("inbound mail " + key + " was handled already", null, false, false);
    }
}
