package org.epistle.core.rules.physics.magnetism;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.physics.Consequence;
import org.epistle.core.rules.physics.Effect;
import org.epistle.core.rules.physics.MoveContext;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.piece.Role;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;

/**
 * The field a moved piece sets up on its destination: along each of the four orthogonal lines the
 * nearest piece is attracted (slides until it stands beside the mover) or repelled (slides away
 * until the next square is taken or the board ends), as the code says for the two colours. Kings
 * neither act nor move, and a king stops the line it stands on. Castling acts from the corner
 * piece's new square. A pawn carried onto its last rank is promoted.
 */
final class Field {
    private static final int[][] LINES = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};

    private Field() {
    }

    static Consequence act(MoveContext ctx, FieldCode code) {
        Position p = ctx.played();
        Ruleset rules = p.rules();
        Geometry g = p.geometry();
        Move move = ctx.move();
        int source = move.isCastling() ? rules.castling(Moves.castling(move.packed())).rookTo() : g.index(move.to());
        int sourceCode = p.code(source);
        if (sourceCode == 0 || Ruleset.typeOf(sourceCode) == 0) {
            return Consequence.NOTHING; // a king neither attracts nor repels
        }
        Side mover = Ruleset.sideOf(sourceCode);
        int f0 = g.fileOf(source);
        int r0 = g.rankOf(source);
        List<Effect> effects = new ArrayList<>();
        List<int[]> promoted = new ArrayList<>(); // {square, code}
        for (int[] line : LINES) {
            int k = 1;
            while (g.contains(f0 + line[0] * k, r0 + line[1] * k) && p.code(g.index(f0 + line[0] * k, r0 + line[1] * k)) == 0) {
                k++;
            }
            if (!g.contains(f0 + line[0] * k, r0 + line[1] * k)) {
                continue;
            }
            int target = g.index(f0 + line[0] * k, r0 + line[1] * k);
            int targetCode = p.code(target);
            if (Ruleset.typeOf(targetCode) == 0) {
                continue; // a king stops the field
            }
            Action action = code.between(mover, Ruleset.sideOf(targetCode));
            int landing;
            String verb;
            if (action == Action.A) {
                landing = g.index(f0 + line[0], r0 + line[1]);
                verb = Effect.Displace.PULLED;
            } else if (action == Action.R) {
                int j = k;
                while (g.contains(f0 + line[0] * (j + 1), r0 + line[1] * (j + 1))
                        && p.code(g.index(f0 + line[0] * (j + 1), r0 + line[1] * (j + 1))) == 0) {
                    j++;
                }
                landing = g.index(f0 + line[0] * j, r0 + line[1] * j);
                verb = Effect.Displace.PUSHED;
            } else {
                continue;
            }
            if (landing == target) {
                continue;
            }
            Piece piece = p.piece(target);
            effects.add(new Effect.Displace(piece, g.square(target), g.square(landing), verb));
            if (Ruleset.typeOf(targetCode) == 1 && g.rankOf(landing) == rules.promotionRank(piece.side())) {
                promoted.add(new int[] {landing, targetCode});
            }
        }
        if (promoted.isEmpty()) {
            return new Consequence.Effects(effects, "");
        }
        String suffix = "";
        for (int[] pr : promoted) {
            Piece pawn = new Piece(rules.pieceOf(pr[1]), Ruleset.sideOf(pr[1]));
            Optional<Integer> into = promotion(rules, pawn.side(), ctx.choice());
            if (into.isEmpty()) {
                String choices = String.join(", ", Arrays.stream(rules.promotions(pawn.side()))
                        .mapToObj(t -> PieceNames.of(rules.type(t))).toList());
                return new Consequence.Forbidden(Illegality.of(Reason.NOT_A_PROMOTION_PIECE)
                        .fact("named", ctx.choice().orElse("?")).fact("choices", choices));
            }
            PieceType type = rules.type(into.get());
            effects.add(new Effect.Transform(pawn, g.square(pr[0]), type));
            suffix = move.kind() == Move.Kind.PROMOTION ? "" : "=" + letter(rules, pawn.side(), type);
        }
        return new Consequence.Effects(effects, suffix);
    }

    /**
     * The piece a pawn carried onto its last rank becomes: the one written after the move
     * ("Rg8=Q"), else a queen of its own army.
     */
    private static Optional<Integer> promotion(Ruleset rules, Side side, Optional<String> choice) {
        if (choice.isEmpty()) {
            return Optional.of(rules.typeIdOfRole(side, Role.QUEEN));
        }
        String asked = choice.get();
        Role role = asked.length() == 1 ? Role.ofLetter(asked.charAt(0)) : null;
        Optional<Integer> type = role != null && role != Role.KING && role != Role.PAWN
                ? Optional.of(rules.typeIdOfRole(side, role)) : rules.typeIdByBetza(asked);
        return type.filter(t -> Arrays.stream(rules.promotions(side)).anyMatch(x -> x == t));
    }

    private static String letter(Ruleset rules, Side side, PieceType type) {
        for (Role role : List.of(Role.QUEEN, Role.ROOK, Role.BISHOP, Role.KNIGHT)) {
            if (rules.army(side).piece(role).isSamePieceAs(type)) {
                return String.valueOf(role.letter());
            }
        }
        return "(" + type.betza() + ")";
    }

}
