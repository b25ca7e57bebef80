package org.epistle.core.rules.physics.magnetism;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.physics.AfterMoveRule;
import org.epistle.core.rules.physics.Consequence;
import org.epistle.core.rules.physics.Effect;
import org.epistle.core.rules.physics.MoveContext;
import org.epistle.core.rules.physics.Seeded;
import org.epistle.core.rules.position.Position;

/**
 * The dynamic forms at the end of the Magnetic Chess document, where the field code changes
 * during the game: the mover names the code of his own move, or of his opponent's next move; the
 * code follows the cycle AAAA, ARRA, RRRR, RAAR turn by turn; or it is drawn at random for each
 * turn (a White move and the Black reply) from a seed kept in the position.
 */
public record DynamicMagnetism(Source source) implements AfterMoveRule, Seeded {
    /** The document's example of a cycle, one code a turn. */
    public static final List<FieldCode> CYCLE = List.of(FieldCode.GRAVITY, FieldCode.ANTI_MAGNETIC, FieldCode.ANTI_GRAVITY,
            FieldCode.MAGNETIC);
    /** The note holding the code the opponent chose for the next move. */
    static final String NEXT = "magnetism.next";
    /** The note holding the seed of the random codes. */
    public static final String SEED = "magnetism.seed";

    public enum Source { MOVER_CHOOSES, OPPONENT_CHOOSES, CYCLIC, RANDOM }

    @Override
    public String name() {
        return "magnetism (" + source.name().toLowerCase().replace('_', ' ') + ")";
    }

    @Override
    public boolean readsChoice() {
        return true;
    }

    /** The code in force for the next move from this position, when it is known before the move. */
    public Optional<FieldCode> codeInForce(Position p) {
        return switch (source) {
            case MOVER_CHOOSES -> Optional.empty();
            case OPPONENT_CHOOSES -> Optional.of(p.physics().notes().containsKey(NEXT)
                    ? FieldCode.parse(p.physics().notes().get(NEXT)) : FieldCode.MAGNETIC);
            case CYCLIC -> Optional.of(CYCLE.get((p.turnNumber() - 1) % CYCLE.size()));
            case RANDOM -> Optional.of(drawn(seed(p), p.turnNumber()));
        };
    }

    /** The field players must know before they move, under every diagram: "Field: turn 2: ARRA". */
    @Override
    public Report describe(Position p) {
        if (p.isOver()) {
            return Report.NONE;
        }
        String side = p.sideToMove().label();
        String line = switch (source) {
            case MOVER_CHOOSES -> side + " names the field of the next move in brackets after it: Nf3(RAAR)";
            case OPPONENT_CHOOSES -> side + "'s next move: " + codeInForce(p).orElseThrow()
                    + (p.physics().notes().containsKey(NEXT) ? " (named by " + p.sideToMove().opponent().label() + ")" : " (Magnetic, to begin)")
                    + "; " + side + " names the field of the reply in brackets: Nf3(ARRA)";
            case CYCLIC, RANDOM -> "turn " + p.turnNumber() + ": " + codeInForce(p).orElseThrow();
        };
        return new Report("Field", List.of(line));
    }

    @Override
    public Consequence after(MoveContext ctx) {
        Position before = ctx.before();
        if (source == Source.CYCLIC || source == Source.RANDOM) {
            return Field.act(ctx, codeInForce(before).orElseThrow());
        }
        if (ctx.move().kind() == org.epistle.core.rules.move.Move.Kind.PROMOTION) {
            // "c8=Q" leaves no room for a code: such a move sets up the Magnetic field, and names it for the reply
            return withCode(ctx, FieldCode.MAGNETIC, source == Source.MOVER_CHOOSES ? FieldCode.MAGNETIC : codeInForce(before).orElseThrow(), "");
        }
        String written = ctx.choice().orElse("");
        Optional<FieldCode> named = written.length() >= 4 ? FieldCode.read(written.substring(0, 4)) : Optional.empty();
        if (named.isEmpty() || written.length() > 5) {
            return new Consequence.Forbidden(Illegality.of(Reason.FIELD_CODE_MISSING)
                    .fact("variant", before.rules().variant().name())
                    .fact("whose", source == Source.MOVER_CHOOSES ? "its own" : "the opponent's next move's")
                    .fact("example", ctx.written() + "(RAAR)"));
        }
        Optional<String> piece = written.length() == 5 ? Optional.of(written.substring(4)) : Optional.empty();
        MoveContext forField = new MoveContext(before, ctx.move(), ctx.played(), piece, ctx.written());
        FieldCode code = source == Source.MOVER_CHOOSES ? named.get() : codeInForce(before).orElseThrow();
        return withCode(forField, named.get(), code, null);
    }

    /**
     * The field of {@code inForce} acts; the move's notation gains the code the player named, and in
     * the opponent-chooses form that code is kept for the reply.
     */
    private Consequence withCode(MoveContext ctx, FieldCode named, FieldCode inForce, String fixedSuffix) {
        Consequence c = Field.act(ctx, inForce);
        if (!(c instanceof Consequence.Effects e)) {
            return c;
        }
        List<Effect> effects = new ArrayList<>(e.effects());
        if (source == Source.OPPONENT_CHOOSES) {
            effects.add(new Effect.Note(NEXT, named.toString(), "named " + named + " for the reply"));
        }
        return new Consequence.Effects(effects, fixedSuffix != null ? fixedSuffix : "(" + named + e.suffix().replace("=", "") + ")");
    }

    /** The position with the seed of the random codes; the server derives it secretly for each game. */
    public static Position seededStart(Position start, long seed) {
        return start.withPhysics(start.physics().withNote(SEED, Long.toString(seed)));
    }

    /** Only the random form draws anything; the others start as chess does. */
    @Override
    public String secretNote() {
        return SEED;
    }

    @Override
    public Position seeded(Position start, long seed) {
        return source == Source.RANDOM ? seededStart(start, seed) : start;
    }

    private static long seed(Position p) {
        String s = p.physics().notes().get(SEED);
        return s == null ? 0L : Long.parseLong(s);
    }

    /** One of the 81 codes for the turn, the same every time for the same seed and turn. */
    static FieldCode drawn(long seed, int turn) {
        return FieldCode.all().get(new SplittableRandom(seed * 0x9E3779B97F4A7C15L + turn).nextInt(81));
    }
}
