package org.epistle.core.rules.variant;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.physics.NoEnPassant;
import org.epistle.core.rules.physics.PawnStart;
import org.epistle.core.rules.physics.Rule;
import org.epistle.core.rules.physics.magnetism.FieldCode;
import org.epistle.core.rules.physics.magnetism.Ko;
import org.epistle.core.rules.physics.magnetism.Magnetism;

/**
 * The physics variants as data: the Magnetic family (four named games and every one of the 81
 * field codes) and Particle Collision Chess.
 */
public final class PhysicsVariants {
    private static final String CODE_PREFIX = "magnetic-";

    /** A pawn standing on either of its side's first two ranks may step two squares. */
    private static final PawnStart HOME_RANKS = new PawnStart.FromFirstTwoRanks();

    private static final String FAMILY_RULES = """
            There is no check, checkmate or stalemate: a king may be left where it can be taken, and \
            the player who captures the opponent's king wins. After every move the moved piece acts \
            on the nearest piece in each of the four straight directions from its new square (along \
            its rank and its file, never diagonally): an attracted piece slides towards it until it \
            stands beside it; a repelled piece slides away until the next square is taken or it \
            reaches the edge of the board. {FIELD} Kings neither act nor are moved, and a king \
            shields whatever stands behind it. Pawns are pieces like the others. Castling acts \
            from the square the rook lands on. There is no en passant. A pawn standing on one of \
            its own first two ranks may advance two squares, even if it has moved before. A pawn \
            that a field carries onto its last rank is promoted at once; the player who moved \
            chooses the piece by writing it after his move (Rg8=Q), and without that it becomes a \
            queen. Moves are written in algebraic notation as in chess: Qd5, Nxf3, O-O.""";

    public static final Variant MAGNETIC = family("magnetic", "Magnetic Chess", FieldCode.MAGNETIC, List.of(),
            "Every piece is a magnet: a moved piece repels its own side and attracts the enemy's.",
            "A moved piece repels the nearest piece of its own colour and attracts the nearest enemy piece (code RAAR).");

    public static final Variant GRAVITY = family("gravity", "Gravity Chess", FieldCode.GRAVITY, List.of(),
            "Magnetic Chess in which a moved piece attracts every piece, friend or enemy.",
            "A moved piece attracts the nearest piece in each direction, friend or enemy (code AAAA).");

    public static final Variant ANTI_GRAVITY = family("anti-gravity", "Anti-gravity Chess", FieldCode.ANTI_GRAVITY,
            List.of("antigravity"),
            "Magnetic Chess in which a moved piece repels every piece; no position may come back.",
            "A moved piece repels the nearest piece in each direction, friend or enemy (code RRRR). KO rule: no "
                    + "turn may bring back a position that has been on the board before, the starting position included.");

    public static final Variant ANTI_MAGNETIC = family("anti-magnetic", "Anti-magnetic Chess", FieldCode.ANTI_MAGNETIC,
            List.of("antimagnetic"),
            "Magnetic Chess turned round: a moved piece attracts its own side and repels the enemy's.",
            "A moved piece attracts the nearest piece of its own colour and repels the nearest enemy piece (code ARRA).");

    public static final List<Variant> NAMED = List.of(MAGNETIC, GRAVITY, ANTI_GRAVITY, ANTI_MAGNETIC);

    /** Every physics variant listed by key ({@code magnetic-XXXX} are found on demand). */
    public static final List<Variant> ALL = List.copyOf(NAMED);

    private static final Map<FieldCode, Variant> BY_CODE = new ConcurrentHashMap<>();

    private PhysicsVariants() {
    }

    /** Finds {@code magnetic-XXXX} for any of the 81 codes (case ignored): a named game for its own code. */
    public static Optional<Variant> byCodeKey(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        if (!k.startsWith(CODE_PREFIX)) {
            return Optional.empty();
        }
        return FieldCode.read(k.substring(CODE_PREFIX.length())).map(PhysicsVariants::withCode);
    }

    /** The variant of the Magnetic family with a fixed field code. */
    public static Variant withCode(FieldCode code) {
        for (Variant named : NAMED) {
            if (named.physics(Magnetism.class).map(m -> m.code().equals(code)).orElse(false)) {
                return named;
            }
        }
        return BY_CODE.computeIfAbsent(code, c -> family(CODE_PREFIX + c.toString().toLowerCase(Locale.ROOT),
                "Magnetic Chess " + c, c, List.of(),
                "The Magnetic family with the field code " + c + ".",
                describe(c)));
    }

    /** The code in words: what a white mover and a black mover do to each colour. */
    static String describe(FieldCode c) {
        return "The field code is " + c + ": a moved white piece " + verb(c.whiteOnWhite()) + " white pieces and "
                + verb(c.whiteOnBlack()) + " black pieces; a moved black piece " + verb(c.blackOnWhite())
                + " white pieces and " + verb(c.blackOnBlack()) + " black pieces.";
    }

    private static String verb(org.epistle.core.rules.physics.magnetism.Action a) {
        return switch (a) {
            case A -> "attracts";
            case R -> "repels";
            case N -> "leaves alone";
        };
    }

    private static Variant family(String key, String name, FieldCode code, List<String> aliases, String summary, String field) {
        List<Rule> rules = new ArrayList<>(List.of(new Magnetism(code), new NoEnPassant(), HOME_RANKS));
        if (code.equals(FieldCode.ANTI_GRAVITY)) {
            rules.add(new Ko());
        }
        return new Variant(key, name, summary, FAMILY_RULES.replace("{FIELD}", field), aliases, Geometry.STANDARD,
                new TurnSchedule.Fixed(1), CheckPolicy.NONE, WinCondition.KING_CAPTURE, NotationStyle.SAN, rules);
    }
}
