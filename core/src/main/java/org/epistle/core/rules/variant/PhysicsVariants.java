package org.epistle.core.rules.variant;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.physics.Aftermath;
import org.epistle.core.rules.physics.NoEnPassant;
import org.epistle.core.rules.physics.PawnStart;
import org.epistle.core.rules.physics.Rule;
import org.epistle.core.rules.physics.energy.ParticleCollision;
import org.epistle.core.rules.physics.magnetism.DynamicMagnetism;
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

    private static final String PARTICLE_RULES = """
            There is no check, checkmate or stalemate: a king may be left where it can be taken, and \
            the player who captures the opponent's king wins. Every piece has a mass: pawn 1, knight \
            and bishop 3, rook 5, queen 7. A captured piece turns into as many units of energy as \
            its mass. The units leave the square of the capture one after another, each in a straight \
            line: White's first unit goes south (towards White), then west, east, north, south, west, \
            and so on; Black's first goes north, then east, west, south, north, east. A unit stops on \
            the last empty square before a piece or the edge of the board; a unit whose first square \
            is already taken or off the board stays on the square of the capture. Energy adds up on \
            a square and is shown as a number on the diagram. A piece may come to rest on a square \
            with energy (including energy the capture it makes has just left there) only if its mass \
            and that energy add up to a multiple of 3, 5 or 7; it then becomes a piece of that mass, \
            and the rest of the energy vanishes. When the sum allows several pieces (15: knight, \
            bishop or rook), write the one you want after the move, Bxd4=R; a piece that may keep \
            its own form keeps it unless you write another. The king takes up the energy of any \
            square it comes to and stays a king. There is no promotion: a pawn reaching its last \
            rank turns into one unit of energy on that square. Castling and en passant are as in \
            chess. {OPTION}Moves are written in algebraic notation: e4, Bxd4, Bxd4=R.""";

    public static final Variant PARTICLE_COLLISION = particle("particle-collision", "Particle Collision Chess",
            ParticleCollision.Option.STRICT, "Captured pieces turn into energy that transforms the pieces landing on it.", "");

    public static final Variant PARTICLE_COLLISION_REDISTRIBUTION = particle("particle-collision-redistribution",
            "Particle Collision Chess (redistribution)", ParticleCollision.Option.REDISTRIBUTE,
            "Particle Collision Chess in which a piece may always enter a charged square, sending its energy back out.",
            "A piece may also come to rest on a square whose energy fits no piece: it keeps its form and the square's "
                    + "energy sets out again from there, in the mover's order of directions, as after a capture; units that "
                    + "cannot leave the square vanish. ");

    public static final Variant PARTICLE_COLLISION_PAWNS = particle("particle-collision-pawns",
            "Particle Collision Chess (pawn transformation)", ParticleCollision.Option.PAWN,
            "Particle Collision Chess in which a piece may always enter a charged square, becoming a pawn if nothing else fits.",
            "A piece may also come to rest on a square whose energy fits no other piece: every sum is a multiple of 1, so "
                    + "it becomes a pawn and the energy vanishes. ");

    private static final String DYNAMIC_RULES = " The field code is not fixed: {HOW} A pawn that promotes by its own move "
            + "(c8=Q) has no room for a code and sets up the Magnetic field RAAR.";

    public static final Variant MAGNETIC_MOVER_CHOICE = dynamic("magnetic-mover-choice", "Magnetic Chess (mover's field)",
            DynamicMagnetism.Source.MOVER_CHOOSES, "The Magnetic family in which each move names the field code it sets up.",
            "every move names, in brackets after it, the code of the field it sets up: Nf3(RRAA). A pawn the field "
                    + "promotes takes a fifth letter for its new piece, Rg8(RAARN), and becomes a queen without one.");

    public static final Variant MAGNETIC_OPPONENT_CHOICE = dynamic("magnetic-opponent-choice", "Magnetic Chess (opponent's field)",
            DynamicMagnetism.Source.OPPONENT_CHOOSES,
            "The Magnetic family in which each move names the field code of the opponent's next move.",
            "every move names, in brackets after it, the code the opponent's next move will set up: Nf3(RRAA). The "
                    + "game's first move sets up Magnetic's RAAR. The field in force is shown under the diagram. A pawn "
                    + "the field promotes takes a fifth letter for its new piece, Rg8(RAARN).");

    public static final Variant MAGNETIC_CYCLIC = dynamic("magnetic-cyclic", "Magnetic Chess (cyclic field)",
            DynamicMagnetism.Source.CYCLIC, "The Magnetic family with the field changing every turn: AAAA, ARRA, RRRR, RAAR, AAAA, …",
            "both moves of turn 1 set up AAAA (Gravity), of turn 2 ARRA (Anti-magnetic), of turn 3 RRRR (Anti-gravity, "
                    + "without its KO rule), of turn 4 RAAR (Magnetic), and round again. The field in force is shown under "
                    + "the diagram.");

    /**
     * Random field codes, drawn per turn from a seed kept in the position; the games layer gives each
     * game its own secret seed (see {@code Seeded}).
     */
    public static final Variant MAGNETIC_RANDOM = dynamic("magnetic-random", "Magnetic Chess (random field)",
            DynamicMagnetism.Source.RANDOM, "The Magnetic family with a field code drawn at random for every turn.",
            "for every turn (a White move and the Black reply) the server draws one of the 81 codes at random and "
                    + "announces it under the diagram before the turn is played.");

    private static Variant dynamic(String key, String name, DynamicMagnetism.Source source, String summary, String how) {
        return new Variant(key, name, summary, FAMILY_RULES.replace("{FIELD}", "").replace("  ", " ")
                + DYNAMIC_RULES.replace("{HOW}", how), List.of(), Geometry.STANDARD, new TurnSchedule.Fixed(1), CheckPolicy.NONE,
                WinCondition.KING_CAPTURE, NotationStyle.SAN, List.of(new DynamicMagnetism(source), new NoEnPassant(), HOME_RANKS, new Aftermath()));
    }

    private static final String LENE_HAU_RULES = """
            Ralph Betza's Lene Hau Chess, best played with Different Armies: nothing moves faster than \
            one square a turn. You order a move as in chess, judged on the picture: the board read as \
            ordinary chess with every piece where it stands now, travelling or not, so a travelling \
            piece blocks longer moves and gives check. It must be a legal chess move there: read as \
            chess, with the piece already on its destination, it may not leave your king attacked. \
            The piece sets out at once and goes one square \
            of its way; {STEPS} until it arrives. Along a rank, file or diagonal it goes square by \
            square; a leaper takes each time the neighbouring square nearer the straight line from \
            where it set out, and when both are as near (the knight: g1, g2, f3) the straight step \
            along the longer leg first. A pawn's double step takes two turns. In castling king and \
            rook both travel a square a turn: on the king's side both arrive on the second turn, on \
            the queen's side the rook on the third. A travelling piece takes no new orders, cannot be \
            stopped or captured, and passes through other pieces, sharing their squares. You may send \
            a piece to a square where an enemy piece stands now or where any piece is bound, not onto \
            one that holds a piece of yours; the x of a move is not checked, as a long move may aim at \
            a square that is empty now. Arriving is a crowd capture: every enemy piece at rest on the \
            square is removed, travellers and friends stay (two of your pieces may then rest on one \
            square, and each may move on). A piece that moves one square arrives at once. A pawn may \
            step diagonally onto a square where only an enemy traveller stands, and takes nothing. \
            Check is pictorial. A turn may not leave your king in check in the picture, nor where the \
            opponent's travellers, after their next step, would check it or arrive on its square \
            (being in check on your opponent's turn loses): a rook on a4 bound for a8 checks the 4th \
            and the 5th rank. In check with no legal move is mate, and a king taken by an arrival \
            loses. Not in check and with no legal move, you pass (write pass) if you have pieces \
            travelling; a pass that itself leaves your king in check loses; without travellers it is \
            stalemate. You may not pass while you have a legal move. En passant only once the pawn \
            has arrived (alone on its square, not beside a piece of its own), and only on the very next \
            turn: the capturing pawn goes to the square the pawn passed, which is taken off its own \
            square. {TURNS}""";

    public static final Variant LENE_HAU = new Variant("lene-hau", "Lene Hau Chess",
            "Every piece travels one square a turn towards where it was sent; check is pictorial.",
            LENE_HAU_RULES.replace("{STEPS}", "on each of your later turns, after your move, it goes one square more")
                    .replace("{TURNS}", "Write moves in long algebraic, as the document does: Rg1xg7, g7-g5, Ng1-f3, O-O, pass."),
            List.of("lenehau", "lene-hau-chess"), Geometry.STANDARD, new TurnSchedule.Fixed(1),
            CheckPolicy.INTERMEDIATE_CHECK_ENDS_TURN, WinCondition.CHECKMATE, NotationStyle.SAN,
            List.of(org.epistle.core.rules.physics.travel.LeneHau.RULE));

    public static final Variant PROGRESSIVE_LENE_HAU = new Variant("progressive-lene-hau", "Progressive Lene Hau Chess",
            "Lene Hau Chess with turns of 1, 2, 3... moves; travellers step once a turn.",
            LENE_HAU_RULES.replace("{STEPS}", "every piece that was already on its way when a turn of yours began goes one "
                            + "square more after the turn's last move (once a turn, not once a move, as the author votes)")
                    .replace("{TURNS}", "Turns grow as in Progressive Chess: White one move, Black two, White three, and so on; "
                            + "each move is judged on the picture as the moves before it left it, so a piece moved earlier in the "
                            + "turn stands on its first square, and one that arrived may move again. As in Progressive Chess, a "
                            + "player in check must get out of it with the first move, no move may leave your king in check, and a "
                            + "move that gives check ends the turn. A turn may be shorter only when no legal move is left. A player "
                            + "whose every possible turn would end with the king in check (after the opponent's next "
                            + "step) has lost, checkmated if in check already. Write "
                            + "the moves of a turn separated by commas: e2-e4, Ng1-f3."),
            List.of("lene-hau-progressive"), Geometry.STANDARD, TurnSchedule.Progressive.CLASSIC,
            CheckPolicy.INTERMEDIATE_CHECK_ENDS_TURN, WinCondition.CHECKMATE, NotationStyle.SAN_COMMAS,
            List.of(org.epistle.core.rules.physics.travel.LeneHau.RULE));

    /** Every physics variant listed by key ({@code magnetic-XXXX} are found on demand). */
    public static final List<Variant> ALL = java.util.stream.Stream.concat(NAMED.stream(),
            java.util.stream.Stream.of(MAGNETIC_MOVER_CHOICE, MAGNETIC_OPPONENT_CHOICE, MAGNETIC_CYCLIC, MAGNETIC_RANDOM,
                    PARTICLE_COLLISION, PARTICLE_COLLISION_REDISTRIBUTION, PARTICLE_COLLISION_PAWNS, LENE_HAU,
                    PROGRESSIVE_LENE_HAU)).toList();

    private static Variant particle(String key, String name, ParticleCollision.Option option, String summary, String optionText) {
        return new Variant(key, name, summary, PARTICLE_RULES.replace("{OPTION}", optionText), List.of(), Geometry.STANDARD,
                new TurnSchedule.Fixed(1), CheckPolicy.NONE, WinCondition.KING_CAPTURE, NotationStyle.SAN,
                List.of(new ParticleCollision(option), new Aftermath()));
    }

    private static final Map<FieldCode, Variant> BY_CODE = java.util.Collections.synchronizedMap(new java.util.HashMap<>());

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
        List<Rule> rules = new ArrayList<>(List.of(new Magnetism(code), new NoEnPassant(), HOME_RANKS, new Aftermath()));
        if (code.equals(FieldCode.ANTI_GRAVITY)) {
            rules.add(new Ko());
        }
        return new Variant(key, name, summary, FAMILY_RULES.replace("{FIELD}", field), aliases, Geometry.STANDARD,
                new TurnSchedule.Fixed(1), CheckPolicy.NONE, WinCondition.KING_CAPTURE, NotationStyle.SAN, rules);
    }
}
