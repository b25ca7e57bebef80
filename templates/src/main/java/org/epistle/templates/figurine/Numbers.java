package org.epistle.templates.figurine;

/** Numbers written into SVG markup: no locale, at most three decimals, no trailing zeros. */
final class Numbers {
    private Numbers() {
    }

    static String format(double d) {
        long thousandths = Math.round(d * 1000);
        if (thousandths % 1000 == 0) {
            return Long.toString(thousandths / 1000);
        }
        String s = java.math.BigDecimal.valueOf(thousandths, 3).stripTrailingZeros().toPlainString();
        return s;
    }
}
