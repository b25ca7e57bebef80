package org.epistle.core.rules.judge;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.rules.board.Square;

/**
 * Why a turn was refused, as data: the reason, which move of the turn (0-based, -1 for the turn
 * as a whole), that move as written, the facts that fill the explanation, and the squares a
 * diagram should mark.
 */
public record Illegality(Reason reason, int moveIndex, String moveText, Map<String, String> facts, List<Square> marked) {
    private static final Pattern FIELD = Pattern.compile("\\{(\\w+)}");

    public Illegality {
        facts = Map.copyOf(facts);
        marked = List.copyOf(marked);
    }

    public static Builder of(Reason reason) {
        return new Builder(reason);
    }

    /** The reason in one plain sentence. */
    public String explanation() {
        return fill(reason.sentence());
    }

    /** What the player may do instead, or an empty string. */
    public String hint() {
        return reason.hint() == null ? "" : fill(reason.hint());
    }

    /** The part of the turn that was not accepted, the sentence, and the hint. */
    public String fullText() {
        StringBuilder sb = new StringBuilder();
        if (moveIndex >= 0 && !moveText.isEmpty()) {
            sb.append("Not accepted: ").append(moveText).append(". ");
        }
        sb.append(explanation());
        String h = hint();
        if (!h.isEmpty()) {
            sb.append(' ').append(h);
        }
        return sb.toString();
    }

    private String fill(String template) {
        Matcher m = FIELD.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String key = m.group(1);
            String value = facts.get(key);
            if (value == null && key.equals("Article")) {
                String piece = facts.getOrDefault("piece", "");
                value = piece.isEmpty() ? "The" : "AEIOUaeiou".indexOf(piece.charAt(0)) >= 0 ? "An" : "A";
            }
            if (value == null) {
                value = "{" + key + "}";
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    public static final class Builder {
        private final Reason reason;
        private final Map<String, String> facts = new LinkedHashMap<>();
        private final List<Square> marked = new java.util.ArrayList<>();
        private int moveIndex = -1;
        private String moveText = "";

        private Builder(Reason reason) {
            this.reason = reason;
        }

        public Builder fact(String key, Object value) {
            facts.put(key, String.valueOf(value));
            return this;
        }

        public Builder mark(Square... squares) {
            marked.addAll(List.of(squares));
            return this;
        }

        public Builder move(int index, String text) {
            this.moveIndex = index;
            this.moveText = text;
            return this;
        }

        public Illegality build() {
            return new Illegality(reason, moveIndex, moveText, facts, marked);
        }
    }
}
