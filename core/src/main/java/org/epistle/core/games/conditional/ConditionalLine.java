package org.epistle.core.games.conditional;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A player's queued replies in one game, in the order they are to be met: the first pair answers the
 * opponent's next turn, the second the opponent's turn after that, and so on (pbmserv's {@code queue},
 * ICCF's conditional moves). Turns are kept in canonical notation, as the referee writes them.
 */
public record ConditionalLine(List<Pair> pairs) {
    public static final ConditionalLine NONE = new ConditionalLine(List.of());

    public ConditionalLine {
        pairs = List.copyOf(pairs);
    }

    /** An expected turn of the opponent and the reply to play when it comes. */
    public record Pair(String expected, String reply) {
        public Pair {
            expected = expected.strip();
            reply = reply.strip();
        }

        /** {@code if Nf3 then Nc6}. */
        public String text() {
            return "if " + expected + " then " + reply;
        }
    }

    public boolean isEmpty() {
        return pairs.isEmpty();
    }

    /** The line after its first pair was met. */
    public ConditionalLine rest() {
        return new ConditionalLine(pairs.subList(1, pairs.size()));
    }

    /** What happens to the line when the opponent played a turn written {@code played} (canonical notation). */
    public Step meet(String played) {
        if (isEmpty()) {
            return new Step.Idle();
        }
        Pair first = pairs.get(0);
        return first.expected().equals(played) ? new Step.Follow(first.reply(), rest()) : new Step.Depart(first.expected(), this);
    }

    /** The line as the player would write it, one pair after another: {@code if Nf3 then Nc6 if Bb5 then a6}. */
    public String text() {
        return pairs.stream().map(Pair::text).collect(Collectors.joining(" "));
    }

    /** One line of text per pair, for mails and the desk. */
    public List<String> lines() {
        return pairs.stream().map(Pair::text).toList();
    }

    /** What the opponent's turn does to a line. */
    public sealed interface Step {
        /** There is no line. */
        record Idle() implements Step {
        }

        /** The turn was the expected one: play the reply; the rest of the line waits for the next turn. */
        record Follow(String reply, ConditionalLine rest) implements Step {
        }

        /** Another turn than the expected one: the whole line is void. */
        record Depart(String expected, ConditionalLine cancelled) implements Step {
        }
    }
}
