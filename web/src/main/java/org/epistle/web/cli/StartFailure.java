package org.epistle.web.cli;

import java.sql.SQLException;
import org.epistle.config.SettingsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Why the server could not start, in one line for the person starting it: a bad setting names the setting and
 * where it came from; a database that cannot be opened (locked by another process, the wrong password, a
 * server not there) says so with the database's own first line; anything else (an unreadable certificate file,
 * …) gives its innermost reason. The stack trace goes to the log at debug level, for whoever needs it.
 */
final class StartFailure {
    private static final Logger log = LoggerFactory.getLogger(StartFailure.class);

    private StartFailure() {
    }

    static UserInputException explain(RuntimeException e) {
        log.debug("the server could not start", e);
        return new UserInputException(sentence(e));
    }

    static String sentence(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SettingsException) {
                return firstLine(t.getMessage());
            }
        }
        SQLException database = null;
        Throwable innermost = e;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && database == null) {
                database = sql;
            }
            innermost = t;
        }
        if (database != null) {
            return "the database cannot be opened: " + firstLine(database.getMessage());
        }
        String why = innermost.getMessage() == null ? innermost.getClass().getSimpleName() : innermost.getMessage();
        return "the server cannot start: " + firstLine(why);
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int end = text.indexOf('\n');
        return (end < 0 ? text : text.substring(0, end)).strip();
    }
}
