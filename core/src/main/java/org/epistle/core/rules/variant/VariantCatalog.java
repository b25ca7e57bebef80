package org.epistle.core.rules.variant;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.physics.momentum.Momentum;

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

    public static final Variant MOMENTUM = new Variant(
            "momentum", "Momentum Chess",
            "Moved pieces keep moving each turn until they stop; one start or stop a turn (Betza).",
            """
            Ralph Betza's Momentum Chess, revised rules, best played with Different Armies. A piece \
            that moves keeps its momentum: on each of your later turns it repeats the same \
            displacement (a pawn played e2-e4 goes on e4-e6), at the same speed - a capture and a \
            non-capture are different speeds, so a piece that moved without capturing goes on only \
            to an empty square, and one that captured goes on only by capturing again. A sliding \
            piece needs the squares between clear; a leap does not. A piece that cannot go on stops \
            by itself (autostop) and loses its momentum. Your turn resolves every piece of yours in \
            motion, in the order you choose, and adds at most one action: start one piece that is \
            not moving, or stop one that is. A piece that can go on may only go on or be stopped; \
            you may stop a piece after it moved on (write e6-e6), and start a piece that stopped by \
            itself earlier in the turn. With nothing in motion you must start a piece. Kings have \
            no momentum; when you castle the rook gets it. A pawn carried onto the last rank is \
            promoted and keeps the pawn's momentum. You are in check when, however you resolve \
            only your forced momentum, the opponent's next turn could take your king. Moves that \
            leave your king to be taken are allowed (the server warns you); taking the king wins. \
            Write the events of a turn in the order they happen, separated by commas, army pieces by \
            their Betza name: e4-e6, (HFD)f1-e2, (RN)c5-c5 (a stop). A piece in motion left \
            out of the turn stops by itself if at some moment of the turn it could not go on; \
            otherwise it goes on by itself after the events written, the piece farthest forward \
            first, and the accepted turn writes its move out.""",
            List.of("momentum-chess"),
            Geometry.STANDARD, new TurnSchedule.Fixed(1), CheckPolicy.NONE, WinCondition.KING_CAPTURE,
            NotationStyle.EVENTS, List.of(Momentum.RULE));

    private static final List<Variant> ALL = java.util.stream.Stream.of(
            List.of(CHESS, MARSEILLAIS, BALANCED_MARSEILLAIS, MOMENTUM), PhysicsVariants.ALL,
            MultiMoveVariants.ALL, RealmVariants.ALL).flatMap(List::stream).toList();

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
