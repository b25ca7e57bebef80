package org.epistle.core.rules.judge;

/** "first", "second", "third", "4th", "21st": how the explanations count the moves of a turn. */
public final class Ordinal {
    private Ordinal() {
    }

    public static String of(int n) {
        return switch (n) {
            case 1 -> "first";
            case 2 -> "second";
            case 3 -> "third";
            default -> n + (n % 100 >= 11 && n % 100 <= 13 ? "th" : switch (n % 10) {
                case 1 -> "st";
                case 2 -> "nd";
                case 3 -> "rd";
                default -> "th";
            });
        };
    }
}
