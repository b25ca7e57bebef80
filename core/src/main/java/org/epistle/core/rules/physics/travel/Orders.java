package org.epistle.core.rules.physics.travel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.MoveResolver;
import org.epistle.core.rules.judge.PieceNames;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.move.Moves;
import org.epistle.core.rules.notation.MoveText;
import org.epistle.core.rules.physics.travel.Scene.Order;
import org.epistle.core.rules.physics.travel.Scene.Trip;
import org.epistle.core.rules.piece.Role;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Physics;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Orders as players write them: a move of the turn read into the one order of a piece at rest it
 * names, or the reason it names none (told in Lene Hau's terms when a traveller is the cause), and
 * an order written back as the records write it.
 */
final class Orders {
    private Orders() {
    }

    /** The move a text names among the side's orders, or why there is none. */
    record Resolution(Order order, Illegality why) {
    }

    static Resolution resolve(Position start, Scene scene, Side me, MoveText text, int index) {
        Ruleset rules = scene.rules;
        Geometry g = scene.g;
        int target = text.isCastling() || text.to().filter(g::contains).isEmpty() ? -1 : g.index(text.to().get());
        Optional<Integer> named = text.isCastling() ? Optional.empty()
                : text.pieceBetza().isPresent() ? rules.typeIdByBetza(text.pieceBetza().get())
                : text.pieceLetter() != 0 ? Optional.of(rules.typeIdOfRole(me, Role.ofLetter(text.pieceLetter())))
                : text.from().isPresent() ? Optional.empty() : Optional.of(rules.typeIdOfRole(me, Role.PAWN));
        // the move is read incrementally: only the named kind's orders onto the written square are generated
        List<Order> orders = scene.orders(me, target, named.orElse(-1));
        List<Order> candidates = new ArrayList<>();
        if (text.isCastling()) {
            for (Order o : orders) {
                if (Moves.kind(o.move()) == Moves.CASTLING && rules.castling(Moves.castling(o.move())).kingside() == text.isKingside()) {
                    candidates.add(o);
                }
            }
        } else {
            Square toSquare = text.to().orElseThrow();
            if (!g.contains(toSquare) || text.from().filter(f -> !g.contains(f)).isPresent()) {
                return new Resolution(null, Illegality.of(Reason.UNREADABLE).fact("text", text.text())
                        .fact("problem", "that square is not on this board.").fact("example", "e2-e4").move(index, text.text()).build());
            }
            int to = g.index(toSquare);
            for (Order o : orders) {
                int m = o.move();
                int from = Moves.from(m);
                if (Moves.kind(m) == Moves.CASTLING || Moves.to(m) != to
                        || (text.fromFile() >= 0 && g.fileOf(from) != text.fromFile())
                        || (text.fromRank() >= 0 && g.rankOf(from) != text.fromRank())
                        || (named.isPresent() && Ruleset.typeOf(o.code()) != named.get())
                        || (named.isEmpty() && text.namesPiece())) {
                    continue;
                }
                candidates.add(o);
            }
            boolean promoting = candidates.stream().anyMatch(o -> Moves.kind(o.move()) == Moves.PROMOTION);
            if (promoting) {
                if (text.promotion().isEmpty()) {
                    return new Resolution(null, Illegality.of(Reason.PROMOTION_PIECE_MISSING).fact("to", toSquare)
                            .fact("example", text.text() + "=Q").fact("choices", choices(rules, me)).mark(toSquare)
                            .move(index, text.text()).build());
                }
                String asked = text.promotion().get();
                // a piece of the other army is written by Betza in parentheses: (Q) is that army's queen, Q one's own
                boolean byBetza = text.text().contains("(" + asked + ")");
                Optional<Integer> type = !byBetza && asked.length() == 1 && Role.ofLetter(asked.charAt(0)) != null
                        ? Optional.of(rules.typeIdOfRole(me, Role.ofLetter(asked.charAt(0)))) : rules.typeIdByBetza(asked);
                candidates.removeIf(o -> Moves.kind(o.move()) == Moves.PROMOTION
                        && (type.isEmpty() || Moves.promotion(o.move()) != type.get()));
                if (candidates.isEmpty()) {
                    return new Resolution(null, Illegality.of(Reason.NOT_A_PROMOTION_PIECE).fact("named", asked)
                            .fact("choices", choices(rules, me)).move(index, text.text()).build());
                }
            } else if (text.promotion().isPresent() && !candidates.isEmpty()) {
                return new Resolution(null, Illegality.of(Reason.PROMOTION_NOT_POSSIBLE).fact("named", text.promotion().get())
                        .move(index, text.text()).build());
            }
        }
        if (!text.namesPiece() && candidates.stream().anyMatch(o -> Ruleset.typeOf(o.code()) == 1)) {
            // two pieces may share the square: a move written without a piece letter is the pawn's, as in every record
            candidates.removeIf(o -> Ruleset.typeOf(o.code()) != 1);
        }
        List<Order> distinct = candidates.stream().filter(distinctBy(o -> o.move() + "/" + o.code())).toList();
        if (distinct.size() > 1) {
            List<String> names = candidates.stream().map(o -> write(scene, o, me)).distinct().toList();
            return new Resolution(null, Illegality.of(Reason.AMBIGUOUS).fact("text", text.text())
                    .fact("candidates", String.join(", ", names)).fact("example", names.get(0)).move(index, text.text()).build());
        }
        if (candidates.isEmpty()) {
            return new Resolution(null, diagnose(start, scene, me, text, index));
        }
        return new Resolution(candidates.get(0), null);
    }

    /**
     * The document: travellers "cannot be captured", you "have to wait until it reaches its destination". The
     * picture shows a travelling enemy as a piece to take; a move ending on its square, where no enemy rests,
     * would take nothing, so it is no order at all, and the refusal says why.
     */
    private static Illegality onlyATravellerThere(Scene scene, Side me, Square from, Square toSquare, MoveText text, int index) {
        Geometry g = scene.g;
        int to = g.index(toSquare);
        Trip passing = scene.travellerOn(to);
        return Illegality.of(Reason.TRAVELLER_CANNOT_BE_CAPTURED).fact("traveller", PieceNames.of(scene.rules, passing.code()))
                .fact("at", toSquare).fact("destination", g.name(passing.destination()))
                .mark(from, toSquare, g.square(passing.destination())).move(index, text.text()).build();
    }

    /**
     * Why no piece at rest can make the move: asked of the chess engine on the picture, whose answer
     * is told in Lene Hau's terms when a traveller is the cause (it blocks, or it is the piece named).
     */
    private static Illegality diagnose(Position start, Scene scene, Side me, MoveText text, int index) {
        Geometry g = scene.g;
        Position picture = start.resettled(scene.picture(me), scene.rights, scene.chancesFor(me), scene.clock)
                .withPhysics(Physics.NONE);
        // the x of a record is not checked (a long move may aim at a square that is empty now), so the engine is asked without it
        MoveText plain = new MoveText(text.text(), text.pieceLetter(), text.pieceBetza(), text.fromFile(), text.fromRank(), text.to(),
                false, text.promotion(), text.castling(), text.companion(), text.placement(), text.toFile());
        MoveResolver.Resolution r = new MoveResolver(picture, plain, index, false, true).resolve();
        if (r.why() != null) {
            Illegality why = r.why();
            if (why.reason() == Reason.NO_PIECE_ON_SQUARE) {
                Optional<Illegality> onItsWay = onItsWay(scene, me, Square.of(why.facts().get("square")), why);
                if (onItsWay.isPresent()) {
                    return onItsWay.get();
                }
            }
            if (why.reason() == Reason.CANNOT_MOVE_THERE || why.reason() == Reason.CANNOT_MOVE_AT_ALL) {
                return inLeneHausTerms(scene, me, why);
            }
            if (why.reason() == Reason.PATH_BLOCKED) {
                Square at = Square.of(why.facts().get("at"));
                int blocking = g.index(at);
                Trip traveller = scene.travellerOn(blocking);
                if (traveller != null && scene.cells[blocking] == 0) { // nothing at rest there: the traveller is what blocks
                    return Illegality.of(Reason.BLOCKED_BY_TRAVELLER).fact("from", why.facts().get("from"))
                            .fact("to", why.facts().get("to")).fact("blocker", PieceNames.of(scene.rules, traveller.code()))
                            .fact("at", at).fact("destination", g.name(traveller.destination()))
                            .mark(why.marked().toArray(new Square[0])).move(index, text.text()).build();
                }
            }
            return why;
        }
        int from = g.index(r.move().from());
        Trip traveller = scene.travellerOn(from);
        if (traveller != null && traveller.side() == me) {
            return Illegality.of(Reason.TRAVELLER_TAKES_NO_ORDERS).fact("piece", PieceNames.of(scene.rules.pieceOf(traveller.code())))
                    .fact("from", r.move().from()).fact("destination", g.name(traveller.destination()))
                    .mark(r.move().from(), g.square(traveller.destination())).move(index, text.text()).build();
        }
        if (!r.move().isCastling() && scene.holdsOnlyATravellingEnemy(g.index(r.move().to()), me)) {
            return onlyATravellerThere(scene, me, r.move().from(), r.move().to(), text, index);
        }
        // the engine finds the castling in the picture, but a piece hidden under another there attacks the king's way
        if (r.move().isCastling()) {
            org.epistle.core.rules.variant.Castling c = null;
            for (org.epistle.core.rules.variant.Castling k : scene.rules.castlings()) {
                if (k.side() == me && k.kingside() == text.isKingside()) c = k;
            }
            int step = Integer.signum(c.kingTo() - c.kingFrom());
            for (int sq = c.kingFrom(); ; sq += step) {
                int attacker = scene.attacker(sq, me.opponent());
                if (attacker >= 0) {
                    int code = scene.piecesOn(attacker).stream().filter(x -> Ruleset.sideOf(x) != me).findFirst().orElseThrow();
                    return Illegality.of(Reason.CASTLING_THROUGH_CHECK).fact("at", g.square(sq))
                            .fact("attacker", PieceNames.of(scene.rules, code)).fact("from", g.square(attacker))
                            .mark(g.square(sq), g.square(attacker)).move(index, text.text()).build();
                }
                if (sq == c.kingTo()) break;
            }
            return Illegality.of(Reason.CASTLING_RIGHT_LOST).fact("side", text.isKingside() ? "on the king's side" : "on the queen's side")
                    .fact("why", "king and rook must both stand at rest on their squares").move(index, text.text()).build();
        }
        // every other move the picture allows is an order of a piece at rest, or a traveller's, answered above
        throw new IllegalStateException("the picture allows " + r.move() + " but no piece at rest makes it");
    }

    /**
     * Nothing of the mover's shows on the square the move starts from, but a piece of theirs is travelling to it
     * (it has not arrived) or has left it (it is on its way): the player means that piece, so the answer says
     * where it is and that it takes orders only once it has arrived.
     */
    private static Optional<Illegality> onItsWay(Scene scene, Side me, Square named, Illegality why) {
        Geometry g = scene.g;
        int sq = g.index(named);
        for (Trip t : scene.travelling(me)) {
            if (!t.isResting() && (t.destination() == sq || t.origin() == sq)) {
                return Optional.of(Illegality.of(Reason.TRAVELLER_NOT_ARRIVED)
                        .fact("piece", PieceNames.of(scene.rules.pieceOf(t.code()))).fact("origin", g.name(t.origin()))
                        .fact("destination", g.name(t.destination())).fact("at", g.name(t.at()))
                        .mark(named, g.square(t.at()), g.square(t.destination())).move(why.moveIndex(), why.moveText()).build());
            }
        }
        return Optional.empty();
    }

    /**
     * The engine asked the picture where the piece may go, and the picture shows a travelling enemy as a piece to
     * take: the squares are asked again of the piece's own orders, and a traveller standing on the square a pawn's
     * step names is said to be what stands in its way.
     */
    private static Illegality inLeneHausTerms(Scene scene, Side me, Illegality why) {
        Geometry g = scene.g;
        Square fromSquare = Square.of(why.facts().get("from"));
        Square toSquare = Square.of(why.facts().get("to"));
        int from = g.index(fromSquare);
        int to = g.index(toSquare);
        int code = scene.cells[from];
        List<String> reach = scene.orders(me).stream()
                .filter(o -> o.fromCell() && Moves.from(o.move()) == from && o.code() == code && Moves.kind(o.move()) != Moves.CASTLING)
                .map(o -> g.name(Moves.to(o.move()))).distinct().toList();
        String destinations = reach.isEmpty() ? "" : String.join(", ", reach);
        Trip standing = scene.travellerOn(to);
        boolean pawnStep = Ruleset.typeOf(code) == 1 && g.fileOf(from) == g.fileOf(to);
        if (standing != null && scene.cells[to] == 0 && pawnStep) {
            return Illegality.of(Reason.TRAVELLER_IN_THE_WAY).fact("from", fromSquare)
                    .fact("to", toSquare).fact("traveller", PieceNames.of(scene.rules, standing.code()))
                    .fact("destination", g.name(standing.destination()))
                    .fact("instead", reach.isEmpty() ? "It has no other move now." : "It can move to " + destinations + ".")
                    .mark(standing.destination() == from ? new Square[] {fromSquare, toSquare}
                            : new Square[] {fromSquare, toSquare, g.square(standing.destination())})
                    .move(why.moveIndex(), why.moveText()).build();
        }
        Illegality.Builder b = Illegality.of(reach.isEmpty() ? Reason.CANNOT_MOVE_AT_ALL : Reason.CANNOT_MOVE_THERE);
        why.facts().forEach(b::fact);
        return b.fact("destinations", destinations).mark(fromSquare, toSquare).move(why.moveIndex(), why.moveText()).build();
    }

    private static <T> java.util.function.Predicate<T> distinctBy(java.util.function.Function<T, Object> key) {
        java.util.Set<Object> seen = new java.util.HashSet<>();
        return t -> seen.add(key.apply(t));
    }

    private static String choices(Ruleset rules, Side me) {
        return String.join(", ", java.util.Arrays.stream(rules.promotions(me)).mapToObj(t -> PieceNames.of(rules.type(t))).toList());
    }

    /** A move as the Lene Hau records write it: long algebraic, x when the picture shows an enemy piece on the square. */
    static String write(Scene scene, Order o, Side me) {
        int m = o.move();
        Geometry g = scene.g;
        if (Moves.kind(m) == Moves.CASTLING) {
            return scene.rules.castling(Moves.castling(m)).notation();
        }
        String piece = Ruleset.typeOf(o.code()) == 1 ? "" : label(scene.rules, o.code());
        int to = Moves.to(m);
        boolean enemyThere = Moves.kind(m) == Moves.EN_PASSANT;
        for (int code : scene.piecesOn(to)) {
            enemyThere |= Ruleset.sideOf(code) != me;
        }
        String promotion = "";
        if (Moves.kind(m) == Moves.PROMOTION) {
            promotion = "=" + label(scene.rules, Ruleset.code(Moves.promotion(m), me));
        }
        return piece + g.name(Moves.from(m)) + (enemyThere ? "x" : "-") + g.name(to) + promotion;
    }

    /** A piece as a move names it: the role letter of its own army's piece, or its Betza definition in parentheses. */
    private static String label(Ruleset rules, int code) {
        String token = Fen.token(rules, code);
        return token.startsWith("(") || token.startsWith("[") ? "(" + token.substring(1, token.length() - 1) + ")" : token.toUpperCase();
    }
}
