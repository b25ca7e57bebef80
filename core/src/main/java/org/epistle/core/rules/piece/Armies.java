package org.epistle.core.rules.piece;

import java.util.List;
import java.util.Optional;

/**
 * The armies of Ralph Betza's Chess with Different Armies, as data.
 *
 * <p>Sources: Betza's descriptions of the four classic armies on The Chess Variant Pages
 * ("Chess with Different Armies", 1996-2001) for the Fabulous FIDEs, Colorbound Clobberers,
 * Nutty Knights and Remarkable Rookies; the Forward FIDEs as they are used by Black in the second
 * sample game of momentum-chess.md (each piece named there by its Betza definition); and the
 * piece definitions restated in Epistle's issue on the rules core. Each Betza string below is the
 * one the game records print, so a record's "(fhNrlbK)" names the piece exactly.
 */
public final class Armies {
    public static final Army FABULOUS_FIDES = new Army("fabulous-fides", "Fabulous FIDEs",
            PieceType.of("Rook", "R", Role.ROOK),
            PieceType.of("Knight", "N", Role.KNIGHT),
            PieceType.of("Bishop", "B", Role.BISHOP),
            PieceType.of("Queen", "Q", Role.QUEEN));

    public static final Army COLORBOUND_CLOBBERERS = new Army("colorbound-clobberers", "Colorbound Clobberers",
            PieceType.of("Bede", "BD", Role.ROOK),
            PieceType.of("Waffle", "WA", Role.KNIGHT),
            PieceType.of("FAD", "FAD", Role.BISHOP),
            PieceType.of("Cardinal", "BN", Role.QUEEN));

    public static final Army NUTTY_KNIGHTS = new Army("nutty-knights", "Nutty Knights",
            PieceType.of("Charging Rook", "frlRrlbK", Role.ROOK),
            PieceType.of("Fibnif", "fbNF", Role.KNIGHT),
            PieceType.of("Charging Knight", "fhNrlbK", Role.BISHOP),
            PieceType.of("Colonel", "fhNfrlRK", Role.QUEEN));

    public static final Army REMARKABLE_ROOKIES = new Army("remarkable-rookies", "Remarkable Rookies",
            PieceType.of("Short Rook", "R4", Role.ROOK),
            PieceType.of("Woody Rook", "WD", Role.KNIGHT),
            PieceType.of("Half-Duck", "HFD", Role.BISHOP),
            PieceType.of("Chancellor", "RN", Role.QUEEN));

    public static final Army FORWARD_FIDES = new Army("forward-fides", "Forward FIDEs",
            PieceType.of("Charging Rook", "frlRrlbK", Role.ROOK),
            PieceType.of("Knishop", "fhNbB", Role.KNIGHT),
            PieceType.of("Bishight", "fBbhN", Role.BISHOP),
            PieceType.of("Forequeen", "fsQbhNbK", Role.QUEEN));

    public static final List<Army> ALL = List.of(
            FABULOUS_FIDES, COLORBOUND_CLOBBERERS, NUTTY_KNIGHTS, REMARKABLE_ROOKIES, FORWARD_FIDES);

    private Armies() {
    }

    public static Optional<Army> byKey(String key) {
        return ALL.stream().filter(a -> a.key().equalsIgnoreCase(key)).findFirst();
    }

    /** Accepts a key or a name as the catalog writes it ("Remarkable Rookies", "nutty knights"), in any case. */
    public static Optional<Army> byName(String text) {
        String spoken = text.strip().replaceAll("\\s+", " ");
        String wanted = spoken.toLowerCase(java.util.Locale.ROOT).replace(' ', '-').replace("'", "");
        for (Army a : ALL) {
            if (a.key().equals(wanted) || a.name().equalsIgnoreCase(spoken)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    /** Every army as a player may name it: "Fabulous FIDEs (fabulous-fides), Colorbound Clobberers (…), …". */
    public static String choices() {
        return String.join(", ", ALL.stream().map(a -> a.name() + " (" + a.key() + ")").toList());
    }

    public static String keys() {
        return String.join(", ", ALL.stream().map(Army::key).toList());
    }
}
