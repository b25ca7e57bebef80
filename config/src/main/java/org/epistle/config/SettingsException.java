package org.epistle.config;

/** A setting that cannot be used. The message names the key, the bad value and where it came from. */
public final class SettingsException extends RuntimeException {
    private final String key;

    SettingsException(String key, String message) {
        super(message);
        this.key = key;
    }

    SettingsException(String key, String message, Throwable cause) {
        super(message, cause);
        this.key = key;
    }

    /** The property key, such as {@code web.port}; for a file that cannot be read, the file's path. */
    public String key() { return key; }
}
