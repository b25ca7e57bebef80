package org.epistle.core.games;

/** How a game ended, in one sentence. */
final class Ending {
    static final String RESIGNATION = "resignation";
    static final String AGREEMENT = "agreement";
    static final String DRAW = "1/2-1/2";

    private Ending() {
    }

    /** "Black wins by checkmate.", "White resigned; Black wins.", "Drawn by agreement." */
    static String sentence(String result, String termination) {
        if (result == null) {
            return "";
        }
        if (result.equals(DRAW)) {
            return "Drawn by " + termination + ".";
        }
        String winner = result.equals("1-0") ? "White" : "Black";
        String loser = result.equals("1-0") ? "Black" : "White";
        if (RESIGNATION.equals(termination)) {
            return loser + " resigned; " + winner + " wins.";
        }
        return winner + " wins by " + termination + ".";
    }
}
