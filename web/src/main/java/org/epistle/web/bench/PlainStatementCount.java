package org.epistle.web.bench;

import java.io.PrintWriter;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.epistle.core.games.Database;
import org.epistle.core.games.PlainStatements;

/**
 * How many of each plain-JDBC statement (the inbound ledger's, the outbox sender's lease and sent records, the move's
 * rows) the server ran while the bench listened, for {@code bench mail}'s line of statements a move. Statements run
 * through Jdbi's own machinery are not counted here. The listener stays registered after {@link #stop}, counting
 * nothing, because {@link PlainStatements} has no way to unregister one.
 */
final class PlainStatementCount {
    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();
    private volatile boolean listening = true;

    private PlainStatementCount() {
    }

    static PlainStatementCount listeningTo(Database db) {
        PlainStatementCount count = new PlainStatementCount();
        PlainStatements.listen(db.jdbi(), sql -> {
            if (count.listening) {
                count.counts.computeIfAbsent(kind(sql), k -> new LongAdder()).increment();
            }
        });
        return count;
    }

    void stop() {
        listening = false;
    }

    /**
     * The statement up to its condition or values, whitespace collapsed: one kind for every IN list's length, marked
     * as such (the sender's records of several mails in one commit).
     */
    static String kind(String sql) {
        String flat = sql.strip().replaceAll("\\s+", " ");
        String list = flat.contains(" IN (?, ?") ? " [IN list]" : "";
        for (String end : new String[] {" WHERE ", " VALUES ", " VALUES("}) {
            int at = flat.indexOf(end);
            if (at > 0) {
                flat = flat.substring(0, at);
            }
        }
        return (flat.length() > 60 ? flat.substring(0, 60) + "…" : flat) + list;
    }

    /** One line: the plain statements a move, most frequent first. */
    void print(PrintWriter out, long moves) {
        if (moves == 0 || counts.isEmpty()) {
            return;
        }
        StringBuilder line = new StringBuilder("plain JDBC statements a move in the paired rounds (Jdbi's not counted):");
        counts.entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<String, LongAdder> e) -> e.getValue().sum()).reversed())
                .forEach(e -> line.append(String.format(Locale.ROOT, " %.2f %s;", e.getValue().sum() / (double) moves, e.getKey())));
        out.println(line);
        out.flush();
    }
}
