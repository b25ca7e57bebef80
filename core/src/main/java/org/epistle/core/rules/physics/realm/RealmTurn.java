package org.epistle.core.rules.physics.realm;

import java.util.ArrayList;
import java.util.List;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.MoveResolver;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Reads a Realm Chess turn of several men: resolves each part on the board as it stood when the
 * turn began (the men move at once), and checks what makes it one concentration, dispersal or
 * rearrangement (or, in Power Realm Chess, a combination of them about one realm). Whether the
 * king is safe after it is the rule's business, once the parts are known.
 */
final class RealmTurn {
    /** Exactly one of the two is set. */
    record Reading(List<Part> parts, Illegality why) {
        static Reading refused(Illegality why) {
            return new Reading(null, why);
        }
    }

    private final Position start;
    private final RealmChess rule;
    private final Geometry g;
    private final Side me;

    private RealmTurn(Position start, RealmChess rule) {
        this.start = start;
        this.rule = rule;
        this.g = start.geometry();
        this.me = start.sideToMove();
    }

    static Reading read(Position start, List<MoveText> texts, RealmChess rule) {
        return new RealmTurn(start, rule).read(texts);
    }

    private Reading read(List<MoveText> texts) {
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            MoveText text = texts.get(i);
            Illegality.Builder why = text.isCastling() ? Illegality.of(Reason.REALM_CASTLING) : null;
            if (why == null && text.placement()) {
                why = placementProblem(text);
                if (why == null) {
                    parts.add(placement(text));
                }
            } else if (why == null) {
                MoveResolver.Resolution r = new MoveResolver(start, text, i, false, true).resolve();
                if (r.why() != null) {
                    return Reading.refused(r.why());
                }
                why = capture(r.move());
                if (why == null) {
                    parts.add(new Part(g.index(r.move().from()), g.index(r.move().to()), r.move().packed(), false,
                            SanWriter.longForm(start, r.move())));
                }
            }
            if (why != null) {
                return Reading.refused(why.move(i, text.text()).build());
            }
        }
        Illegality.Builder why = distinct(parts);
        if (why == null) {
            why = rule.combined() ? oneRealmCombined(parts) : oneKind(parts);
        }
        if (why == null) {
            why = squaresFree(parts);
        }
        if (why == null && parts.stream().allMatch(p -> p.from() == p.to())) {
            why = Illegality.of(Reason.REALM_NOTHING_MOVES);
        }
        // a man written as put on his own square stays: he neither loses castling nor appears in the record
        return why == null ? new Reading(parts.stream().filter(p -> p.from() != p.to()).toList(), null)
                : Reading.refused(why.build());
    }

    /** Why the man cannot be put on the square, whatever the rest of the turn; null when he can be. */
    private Illegality.Builder placementProblem(MoveText text) {
        Square fromSquare = text.from().orElseThrow();
        Square toSquare = text.to().orElseThrow();
        if (!g.contains(fromSquare) || !g.contains(toSquare)) {
            return Illegality.of(Reason.UNREADABLE).fact("text", text.text()).fact("problem", "that square is not on this board.")
                    .fact("example", "Ke1=f1");
        }
        int from = g.index(fromSquare);
        int to = g.index(toSquare);
        int code = start.code(from);
        if (code == 0) {
            return Illegality.of(Reason.NO_PIECE_ON_SQUARE).fact("square", fromSquare).fact("yourPieces", "").mark(fromSquare);
        }
        if (Ruleset.sideOf(code) != me) {
            return Illegality.of(Reason.OPPONENTS_PIECE).fact("square", fromSquare)
                    .fact("piece", PieceNames.of(start.rules(), code)).mark(fromSquare);
        }
        if (!new MoveResolver(start, text, 0, false, true).names(from)) {
            return Illegality.of(Reason.WRONG_PIECE_NAMED).fact("square", fromSquare)
                    .fact("piece", PieceNames.of(start.rules().pieceOf(code))).fact("named", named(text)).mark(fromSquare);
        }
        if (start.rules().pieceOf(code).isPawn()) {
            int rank = g.rankOf(to);
            String which = rank == g.rankFor(me, 1) ? "first" : rank == g.rankFor(me, g.ranks()) ? "last" : null;
            if (which != null) {
                return Illegality.of(Reason.REALM_PAWN_RANK).fact("to", toSquare).fact("which", which).mark(fromSquare, toSquare);
            }
        }
        return null;
    }

    /** A man put on a square, as a part of the turn. */
    private Part placement(MoveText text) {
        int from = g.index(text.from().orElseThrow());
        int to = g.index(text.to().orElseThrow());
        var type = start.rules().pieceOf(start.code(from));
        String letter = type.isPawn() ? "" : SanWriter.token(start.rules(), type, me);
        return new Part(from, to, Moves.shift(from, to), true, letter + g.name(from) + "=" + g.name(to));
    }

    private String named(MoveText text) {
        if (text.pieceBetza().isPresent()) {
            return "(" + text.pieceBetza().get() + ")";
        }
        return switch (text.pieceLetter()) {
            case 'K' -> "king";
            case 'Q' -> "queen";
            case 'R' -> "rook";
            case 'B' -> "bishop";
            case 'N' -> "knight";
            default -> "piece";
        };
    }

    /** A move of a turn of several men takes nothing: captures are for the standard move. */
    private Illegality.Builder capture(Move move) {
        int to = g.index(move.to());
        if (start.code(to) == 0 && move.kind() != Move.Kind.EN_PASSANT) {
            return null;
        }
        return Illegality.of(Reason.REALM_CAPTURE).fact("piece", PieceNames.of(start.piece(g.index(move.from())).type()))
                .fact("from", move.from()).fact("to", move.to()).mark(move.from(), move.to());
    }

    /** Each man once, each on a square of his own. */
    private Illegality.Builder distinct(List<Part> parts) {
        for (int i = 0; i < parts.size(); i++) {
            Part p = parts.get(i);
            for (int j = 0; j < i; j++) {
                Part q = parts.get(j);
                if (q.from() == p.from()) {
                    return Illegality.of(Reason.SAME_MAN_AGAIN).fact("piece", pieceOn(p.from())).fact("from", g.square(p.from()))
                            .fact("times", "once").fact("limit", "a man takes part in a turn only once")
                            .mark(g.square(p.from())).move(i, p.written());
                }
                if (q.to() == p.to()) {
                    return Illegality.of(Reason.REALM_SAME_SQUARE).fact("piece", pieceOn(q.from())).fact("from", g.square(q.from()))
                            .fact("other", pieceOn(p.from())).fact("at", g.square(p.from())).fact("to", g.square(p.to()))
                            .mark(g.square(q.from()), g.square(p.from()), g.square(p.to())).move(i, p.written());
                }
            }
        }
        return null;
    }

    /** A man is put down only where nobody stays: on an empty square or one a man of the turn leaves. */
    private Illegality.Builder squaresFree(List<Part> parts) {
        for (int i = 0; i < parts.size(); i++) {
            Part p = parts.get(i);
            int there = start.code(p.to());
            if (!p.placed() || p.to() == p.from() || there == 0) {
                continue;
            }
            boolean leaves = parts.stream().anyMatch(q -> q.from() == p.to());
            if (Ruleset.sideOf(there) != me || !leaves) {
                String occupant = Ruleset.sideOf(there) == me ? "your " + pieceOn(p.to()) : PieceNames.of(start.rules(), there);
                return Illegality.of(Reason.REALM_SQUARE_TAKEN).fact("piece", pieceOn(p.from())).fact("from", g.square(p.from()))
                        .fact("to", g.square(p.to())).fact("occupant", occupant).mark(g.square(p.from()), g.square(p.to()))
                        .move(i, p.written());
            }
        }
        return null;
    }

    /** Realm and Free Realm Chess: the parts make one concentration, one dispersal or one rearrangement. */
    private Illegality.Builder oneKind(List<Part> parts) {
        List<Part> moved = parts.stream().filter(p -> !p.placed()).toList();
        List<Part> placed = parts.stream().filter(Part::placed).toList();
        if (!moved.isEmpty() && !placed.isEmpty()) {
            return Illegality.of(Reason.REALM_MIXED).fact("variant", rule.variantName())
                    .fact("moves", written(moved)).fact("placements", written(placed));
        }
        if (!placed.isEmpty()) {
            return rearrangement(placed, parts);
        }
        if (moved.size() > 4) {
            return Illegality.of(Reason.REALM_TOO_MANY_MEN).fact("count", moved.size());
        }
        boolean concentration = !rule.realms().holding(g, moved.stream().map(Part::to).toList()).isEmpty();
        if (concentration || isDispersal(moved)) {
            return null;
        }
        return Illegality.of(Reason.REALM_NOT_ONE_REALM)
                .fact("what", "These moves neither all end in one realm (a concentration) nor all start in one realm and leave it "
                        + "(a dispersal): they go from " + squares(moved.stream().map(Part::from).toList())
                        + " to " + squares(moved.stream().map(Part::to).toList()) + ".")
                .fact("instead", "Realms are " + rule.realmsInWords() + "; send moves that fit one realm, or one move alone.");
    }

    private boolean isDispersal(List<Part> moved) {
        for (Realm realm : rule.realms().holding(g, moved.stream().map(Part::from).toList())) {
            if (moved.stream().noneMatch(p -> realm.contains(g, p.to()))) {
                return true;
            }
        }
        return false;
    }

    /** The men put on squares all stay in one realm; the first that does not is named. */
    private Illegality.Builder rearrangement(List<Part> placed, List<Part> parts) {
        List<Integer> squares = new ArrayList<>();
        for (Part p : placed) {
            squares.add(p.from());
            squares.add(p.to());
            if (rule.realms().holding(g, squares).isEmpty()) {
                String why;
                if (rule.realms().holding(g, List.of(p.from(), p.to())).isEmpty()) {
                    why = rule.realms() == Realms.SIXTEEN
                            ? g.name(p.to()) + " is not in " + g.name(p.from()) + "'s realm, " + realmOf(p.from()).name()
                            : "no 2x2 block holds both " + g.name(p.from()) + " and " + g.name(p.to());
                } else {
                    why = "the men put before it are in another realm";
                }
                return Illegality.of(Reason.REALM_OUTSIDE_REALM).fact("piece", pieceOn(p.from())).fact("from", g.square(p.from()))
                        .fact("to", g.square(p.to())).fact("why", why).fact("examples", rule.realmsInWords())
                        .mark(g.square(p.from()), g.square(p.to())).move(parts.indexOf(p), p.written());
            }
        }
        return null;
    }

    /**
     * Power Realm Chess: one realm is involved in every part — men moving into it (a concentration),
     * men leaving it (a dispersal) and men put on its squares (a rearrangement).
     */
    private Illegality.Builder oneRealmCombined(List<Part> parts) {
        for (Realm realm : rule.realms().all(g)) {
            boolean fits = true;
            for (Part p : parts) {
                fits &= p.placed() ? realm.contains(g, p.from()) && realm.contains(g, p.to())
                        : realm.contains(g, p.to()) || realm.contains(g, p.from());
            }
            if (fits) {
                return null;
            }
        }
        List<Integer> all = new ArrayList<>();
        parts.forEach(p -> {
            all.add(p.from());
            all.add(p.to());
        });
        return Illegality.of(Reason.REALM_NOT_ONE_REALM)
                .fact("what", "A turn of " + rule.variantName() + " may combine a concentration, a dispersal and a rearrangement "
                        + "only about one realm: every man moves into it, moves out of it, or is put on another of its squares; "
                        + "no realm does that for all of " + written(parts) + ".")
                .fact("instead", "Realms are " + rule.realmsInWords() + "; send the parts about one realm, or one move alone.");
    }

    private Realm realmOf(int square) {
        return new Realm(g.fileOf(square) & ~1, g.rankOf(square) & ~1);
    }

    private String pieceOn(int square) {
        return PieceNames.of(start.rules().pieceOf(start.code(square)));
    }

    private String squares(List<Integer> squares) {
        return String.join(", ", squares.stream().map(g::name).toList());
    }

    private static String written(List<Part> parts) {
        return String.join(", ", parts.stream().map(Part::written).toList());
    }
}
