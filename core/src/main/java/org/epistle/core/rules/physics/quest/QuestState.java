package org.epistle.core.rules.physics.quest;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;

/**
 * Where a Quest-Chess turn stands, kept in the position's notes while the turn is in progress (and
 * absent between turns, so positions at a turn's start compare as in chess): whose turn it is, how
 * many of its moves are played, the men that have moved and may not move again (by the square each
 * stands on now), and the answer awaited from the opponent, if any.
 *
 * <p>Written {@code turn=w,played=3,moved=e4+f3,awaits=recapture-d5}; {@code awaits} is
 * {@code none}, {@code check}, {@code recapture-SQ} or {@code en-passant-SQ} (the square the
 * capture goes to).
 */
record QuestState(Side owner, int played, List<Square> moved, Awaited awaits) {

    /** What the opponent is asked for in the middle of the turn. */
    record Awaited(Kind kind, Optional<Square> square) {
        static final Awaited NONE = new Awaited(Kind.NONE, Optional.empty());
        static final Awaited CHECK = new Awaited(Kind.CHECK, Optional.empty());

        enum Kind { NONE, CHECK, RECAPTURE, EN_PASSANT }

        static Awaited recapture(Square at) {
            return new Awaited(Kind.RECAPTURE, Optional.of(at));
        }

        static Awaited enPassant(Square at) {
            return new Awaited(Kind.EN_PASSANT, Optional.of(at));
        }

        boolean isNone() {
            return kind == Kind.NONE;
        }

        /** Whether the opponent may answer with decline (a capture or an en-passant chance, never a check). */
        boolean mayBeDeclined() {
            return kind == Kind.RECAPTURE || kind == Kind.EN_PASSANT;
        }

        String write() {
            return switch (kind) {
                case NONE -> "none";
                case CHECK -> "check";
                case RECAPTURE -> "recapture-" + square.orElseThrow().name();
                case EN_PASSANT -> "en-passant-" + square.orElseThrow().name();
            };
        }

        static Awaited read(String text) {
            if (text.equals("none")) return NONE;
            if (text.equals("check")) return CHECK;
            if (text.startsWith("recapture-")) return recapture(QuestState.square(text.substring("recapture-".length())));
            if (text.startsWith("en-passant-")) return enPassant(QuestState.square(text.substring("en-passant-".length())));
            throw new IllegalArgumentException("a Quest-Chess answer is none, check, recapture-SQ or en-passant-SQ, not " + text);
        }
    }

    QuestState {
        moved = List.copyOf(new TreeSet<>(moved.stream().map(Square::name).toList()).stream().map(QuestState::square).toList());
    }

    /** A turn about to begin: nothing played, nobody moved, nothing awaited. */
    static QuestState fresh(Side owner) {
        return new QuestState(owner, 0, List.of(), Awaited.NONE);
    }

    boolean hasMoved(Square square) {
        return moved.contains(square);
    }

    QuestState with(int played, List<Square> moved, Awaited awaits) {
        return new QuestState(owner, played, moved, awaits);
    }

    String write() {
        return "turn=" + (owner == Side.WHITE ? "w" : "b") + ",played=" + played + ",moved="
                + (moved.isEmpty() ? "-" : String.join("+", moved.stream().map(Square::name).toList()))
                + ",awaits=" + awaits.write();
    }

    /** Reads a note as {@link #write()} writes it; a missing note is a fresh turn of the side to move. */
    static QuestState read(Optional<String> note, Side toMove, Geometry geometry) {
        if (note.isEmpty()) {
            return fresh(toMove);
        }
        Side owner = null;
        int played = -1;
        List<Square> moved = null;
        Awaited awaits = null;
        for (String part : note.get().split(",")) {
            String[] kv = part.split("=", 2);
            if (kv.length != 2) {
                throw bad(note.get());
            }
            switch (kv[0]) {
                case "turn" -> owner = kv[1].equals("w") ? Side.WHITE : kv[1].equals("b") ? Side.BLACK : null;
                case "played" -> played = number(kv[1], note.get());
                case "moved" -> {
                    moved = new ArrayList<>();
                    if (!kv[1].equals("-")) {
                        for (String sq : kv[1].split("\\+")) {
                            Square s = square(sq);
                            if (!geometry.contains(s)) throw bad(note.get());
                            moved.add(s);
                        }
                    }
                }
                case "awaits" -> awaits = Awaited.read(kv[1]);
                default -> throw bad(note.get());
            }
        }
        if (owner == null || played < 0 || moved == null || awaits == null) {
            throw bad(note.get());
        }
        return new QuestState(owner, played, moved, awaits);
    }

    private static int number(String s, String note) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw bad(note);
        }
    }

    private static Square square(String name) {
        return Square.parse(name).orElseThrow(() -> new IllegalArgumentException("not a square: " + name));
    }

    private static IllegalArgumentException bad(String note) {
        return new IllegalArgumentException("a Quest-Chess note reads turn=w,played=N,moved=e4+f3,awaits=none, not " + note);
    }
}
