package org.epistle.core.rules.physics.energy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.physics.AfterMoveRule;
import org.epistle.core.rules.physics.Consequence;
import org.epistle.core.rules.physics.Effect;
import org.epistle.core.rules.physics.MoveContext;
import org.epistle.core.rules.physics.ReplacesPromotion;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.piece.Role;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Castling;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Particle Collision Chess: a captured piece's mass is released as energy that travels over the
 * board ({@link Release}); a piece may only come to rest on a charged square if its mass and the
 * energy there add up to a multiple of 3, 5 or 7, and it then becomes a piece of that mass, the
 * rest of the energy vanishing; the king takes up any energy; a pawn reaching its last rank turns
 * into one unit of energy on that square.
 *
 * @param option what a piece may do on a charged square where the sum fits no piece
 */
public record ParticleCollision(Option option) implements AfterMoveRule, ReplacesPromotion {

    /** The document's two ways of "allowing more moves", or neither. */
    public enum Option {
        /** The move is not allowed. */
        STRICT,
        /** The piece keeps its form and the square's energy is sent out again in the mover's order of directions. */
        REDISTRIBUTE,
        /** The piece becomes a pawn (every sum is a multiple of 1) and the energy vanishes. */
        PAWN
    }

    @Override
    public String name() {
        return "particle collision" + (option == Option.STRICT ? "" : " (" + option.name().toLowerCase() + ")");
    }

    /** "Bxd4=R": which piece to become when the energy allows several. */
    @Override
    public boolean readsChoice() {
        return true;
    }

    /** Every charged square and its energy, under the diagram: the board shows 9 at most on a square. */
    @Override
    public Report describe(Position position) {
        List<String> charged = new ArrayList<>();
        Map<Square, Integer> sorted = new TreeMap<>(java.util.Comparator.comparing(Square::name));
        sorted.putAll(position.physics().energy());
        sorted.forEach((sq, e) -> charged.add(sq.name() + " " + e));
        return charged.isEmpty() ? Report.NONE : new Report("Energy (e.u.)", List.of(String.join(", ", charged)));
    }

    @Override
    public Consequence after(MoveContext ctx) {
        Position before = ctx.before();
        Position played = ctx.played();
        Ruleset rules = played.rules();
        Move move = ctx.move();
        Side mover = before.sideToMove();
        Map<Square, Integer> energy = new TreeMap<>(java.util.Comparator.comparing(Square::name));
        energy.putAll(played.physics().energy());
        Map<Square, Integer> original = Map.copyOf(energy);
        List<Effect> changes = new ArrayList<>();
        Square capturedOn = move.kind() == Move.Kind.EN_PASSANT ? new Square(move.to().file(), move.from().rank()) : move.to();
        int captured = move.isCastling() ? 0 : before.code(before.geometry().index(capturedOn));
        if (captured != 0) {
            int units = Mass.of(rules.pieceOf(captured).role());
            Release.scatter(played, capturedOn, units, mover).forEach((sq, n) -> energy.merge(sq, n, Integer::sum));
        }
        StringBuilder suffix = new StringBuilder();
        for (Square at : arrivals(rules, move)) {
            Optional<Consequence.Forbidden> no = arrive(ctx, played, at, energy, changes, suffix);
            if (no.isPresent()) {
                return no.get();
            }
        }
        List<Effect> effects = new ArrayList<>();
        for (Square sq : union(original, energy)) {
            int now = energy.getOrDefault(sq, 0);
            if (now != original.getOrDefault(sq, 0)) {
                effects.add(new Effect.SetEnergy(sq, now));
            }
        }
        effects.addAll(changes);
        return new Consequence.Effects(effects, suffix.toString());
    }

    /** The squares where the move brings a piece to rest: both the king's and the rook's in castling. */
    private static List<Square> arrivals(Ruleset rules, Move move) {
        if (move.isCastling()) {
            Castling c = rules.castling(Moves.castling(move.packed()));
            return List.of(rules.geometry().square(c.kingTo()), rules.geometry().square(c.rookTo()));
        }
        return List.of(move.to());
    }

    private Optional<Consequence.Forbidden> arrive(MoveContext ctx, Position played, Square at, Map<Square, Integer> energy,
                                                   List<Effect> changes, StringBuilder suffix) {
        Ruleset rules = played.rules();
        Piece piece = played.pieceAt(at).orElseThrow();
        Role role = piece.type().role();
        int e = energy.getOrDefault(at, 0);
        if (role == Role.PAWN && at.rank() == rules.promotionRank(piece.side())) {
            changes.add(new Effect.Remove(piece, at, "into 1 e.u."));
            energy.put(at, e + 1);
            return Optional.empty();
        }
        if (e == 0) {
            return Optional.empty();
        }
        energy.remove(at);
        if (role == Role.KING) {
            return Optional.empty(); // the king takes up the energy and stays a king
        }
        int mass = Mass.of(role);
        int sum = mass + e;
        List<Role> forms = Mass.forms(sum);
        if (forms.isEmpty()) {
            switch (option) {
                case REDISTRIBUTE -> {
                    Release.scatter(played, at, e, piece.side()).forEach((sq, n) -> {
                        if (!sq.equals(at)) {
                            energy.merge(sq, n, Integer::sum); // units that cannot leave the square vanish
                        }
                    });
                    return Optional.empty();
                }
                case PAWN -> forms = List.of(Role.PAWN);
                default -> {
                    return Optional.of(new Consequence.Forbidden(Illegality.of(Reason.CHARGED_SQUARE)
                            .fact("piece", PieceNames.of(piece.type())).fact("to", at).fact("mass", mass).fact("energy", e)
                            .fact("sum", sum).mark(at)));
                }
            }
        }
        Side side = piece.side();
        List<String> names = forms.stream().map(r -> PieceNames.of(rules.army(side).piece(r))).toList();
        // "knight or bishop", "queen, rook or knight": read as a player would say the choice
        String choices = names.size() < 2 ? String.join("", names)
                : String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
        Role into;
        if (ctx.choice().isPresent()) {
            String asked = ctx.choice().get();
            Role named = asked.length() == 1 ? Role.ofLetter(asked.charAt(0)) : null;
            if (named == null || !forms.contains(named)) {
                return Optional.of(new Consequence.Forbidden(Illegality.of(Reason.NOT_A_TRANSFORMATION)
                        .fact("to", at).fact("sum", sum).fact("choices", choices).fact("named", asked).mark(at)));
            }
            into = named;
            suffix.append('=').append(named.letter());
        } else if (forms.contains(role)) {
            into = role;
        } else if (forms.size() == 1) {
            into = forms.get(0);
            suffix.append('=').append(into.letter());
        } else {
            return Optional.of(new Consequence.Forbidden(Illegality.of(Reason.TRANSFORMATION_CHOICE)
                    .fact("to", at).fact("piece", PieceNames.of(piece.type())).fact("energy", e).fact("sum", sum).fact("choices", choices)
                    .fact("example", ctx.written() + "=" + forms.get(0).letter()).mark(at)));
        }
        if (into != role) {
            PieceType type = rules.army(side).piece(into);
            changes.add(new Effect.Transform(piece, at, type));
        }
        return Optional.empty();
    }

    private static List<Square> union(Map<Square, Integer> a, Map<Square, Integer> b) {
        TreeMap<Square, Boolean> all = new TreeMap<>(java.util.Comparator.comparing(Square::name));
        a.keySet().forEach(k -> all.put(k, true));
        b.keySet().forEach(k -> all.put(k, true));
        return List.copyOf(all.keySet());
    }
}
