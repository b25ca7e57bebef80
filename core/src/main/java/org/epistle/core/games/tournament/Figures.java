package org.epistle.core.games.tournament;

/** Points and tie-break figures as a crosstable prints them: 2, 2½, ½, 2.75. */
public final class Figures {
    private Figures() {
    }

    public static String format(double value) {
        long whole = (long) Math.floor(value);
        double rest = value - whole;
        if (rest == 0) {
            return Long.toString(whole);
        }
        if (rest == 0.5) {
            return (whole == 0 ? "" : Long.toString(whole)) + "½";
        }
        return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
