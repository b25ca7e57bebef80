package org.epistle.core.rules.variant;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;

/** Every variant Epistle referees, by key; each is a few lines of data. */
public final class VariantCatalog {

    public static final Variant CHESS = new Variant(
            "chess", "Chess",
            "FIDE chess, playable with any of the Different Armies.",
            """
            The ordinary rules of chess. Each side may bring one of Betza's Different Armies \
            instead of the usual pieces; a pawn may then promote to a piece of either army, and \
            castling is done with the army's corner piece.""",
            List.of("fide", "orthodox", "orthochess"),
            Geometry.STANDARD, new TurnSchedule.Fixed(1), CheckPolicy.INTERMEDIATE_CHECK_ENDS_TURN,
            WinCondition.CHECKMATE, NotationStyle.SAN);

    public static final Variant MARSEILLAIS = new Variant(
            "marseillais", "Marseillais Chess",
            "Two moves a turn; a check on the first move ends the turn.",
            """
            Each turn is two moves, with the same man or with two different men. A player in \
            check must get out of it with the first move of the turn. A move that gives check \
            ends the turn at once, so the second move is not played. A king may not step into \
            check and out again. A pawn that advanced two squares in the opponent's last turn may \
            be taken en passant during your next turn only; if both of the opponent's moves were \
            such pawn advances, both pawns may be taken. A player who cannot complete a turn \
            (two moves, or one that gives check) is mated if in check and stalemated otherwise. \
            Write a turn as its two moves joined by a slash: Nf3/e4.""",
            List.of("super-charged", "super-charged-chess", "marseillais-chess"),
            Geometry.STANDARD, new TurnSchedule.Fixed(2), CheckPolicy.INTERMEDIATE_CHECK_ENDS_TURN,
            WinCondition.CHECKMATE, NotationStyle.SAN_SLASHED);

    public static final Variant BALANCED_MARSEILLAIS = new Variant(
            "balanced-marseillais", "Balanced Marseillais Chess",
            "Marseillais Chess in which White's first turn is a single move.",
            """
            Marseillais Chess with one change that evens out the first player's advantage: \
            White's first turn is a single move; from then on every turn is two moves. All the \
            other rules of Marseillais Chess apply: escape check with the first move, a check \
            ends the turn, en passant of both pawns after a double double-step. \
            Write a turn as its moves joined by a slash: Nf6/d5.""",
            List.of(),
            Geometry.STANDARD, new TurnSchedule.OpeningTurn(1, 2), CheckPolicy.INTERMEDIATE_CHECK_ENDS_TURN,
            WinCondition.CHECKMATE, NotationStyle.SAN_SLASHED);

    private static final List<Variant> ALL = java.util.stream.Stream.concat(
            java.util.stream.Stream.of(CHESS, MARSEILLAIS, BALANCED_MARSEILLAIS), PhysicsVariants.ALL.stream()).toList();

    private VariantCatalog() {
    }

    public static List<Variant> all() {
        return ALL;
    }

    /** Finds a variant by key or alias, ignoring case and spaces ("Balanced Marseillais"). */
    public static Optional<Variant> find(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT).replaceAll("[\\s_]+", "-");
        for (Variant v : ALL) {
            if (v.key().equals(wanted) || v.aliases().contains(wanted)
                    || v.name().toLowerCase(Locale.ROOT).replace(' ', '-').equals(wanted)) {
                return Optional.of(v);
            }
        }
        return PhysicsVariants.byCodeKey(wanted);
    }

    public static String keys() {
        return String.join(", ", ALL.stream().map(Variant::key).toList());
    }
}
