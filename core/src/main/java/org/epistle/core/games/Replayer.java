package org.epistle.core.games;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.physics.Seeded;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.FenException;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;

/**
 * Rebuilds a game's position by replaying its stored turns from the start with the referee, so
 * the position carries everything the rules need (repetitions, en-passant chances), which a FEN
 * alone does not. It remembers the last position of recent games and replays only the turns
 * stored since, when the turns it saw are still the game's first turns.
 */
final class Replayer {
    private static final int REMEMBERED = 512;

    /** The position after the turns, and the moves of the last turn (none before the first). */
    record Replayed(Position position, List<Move> lastMoves) {
    }

    private record Seen(List<String> notations, Replayed replayed) {
    }

    private final ServerKey key;

    /** @param key the server's key, from which each game's secret seed for random physics is derived */
    Replayer(ServerKey key) {
        this.key = key;
    }

    /**
     * A game's starting position: the variant's array, and for a variant that draws at random (the
     * random Magnetic field) the game's seed, HMAC(server key, "physics-seed:" + game), which no
     * player can work out in advance.
     */
    Position start(long gameId, Ruleset rules, Optional<String> startFen) {
        if (startFen.isPresent()) {
            try {
                return Fen.read(rules, startFen.get());
            } catch (FenException e) {
                throw new IllegalStateException("game " + gameId + " starts from a position this server cannot read: " + e.getMessage());
            }
        }
        return start(gameId, rules);
    }

    Position start(long gameId, Ruleset rules) {
        return Seeded.start(rules, java.nio.ByteBuffer.wrap(key.hmac("physics-seed:" + gameId)).getLong());
    }

    private final Map<Long, Seen> seen = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Seen> eldest) {
            return size() > REMEMBERED;
        }
    };

    /** Replays from the variant's own start. */
    Replayed replay(long gameId, Ruleset rules, List<TurnRecord> turns) {
        return replay(gameId, rules, turns, Optional.empty());
    }

    /**
     * Replays from {@code startFen} when the game began elsewhere than the variant's array (a thematic or an
     * imported start), else from the variant's (seeded) start.
     */
    Replayed replay(long gameId, Ruleset rules, List<TurnRecord> turns, Optional<String> startFen) {
        List<String> notations = turns.stream().map(TurnRecord::notation).toList();
        Seen before;
        synchronized (seen) {
            before = seen.get(gameId);
        }
        Replayed r;
        if (before != null && before.notations().size() <= notations.size()
                && notations.subList(0, before.notations().size()).equals(before.notations())) {
            r = replay(gameId, before.replayed(), turns.subList(before.notations().size(), turns.size()));
        } else {
            r = replay(gameId, new Replayed(start(gameId, rules, startFen), List.of()), turns);
        }
        synchronized (seen) {
            seen.put(gameId, new Seen(notations, r));
        }
        return r;
    }

    /** Replays turns from the start, remembering nothing; without a seed, so for variants that draw nothing at random. */
    static Replayed fromStart(long gameId, Ruleset rules, List<TurnRecord> turns) {
        return replay(gameId, new Replayed(Position.start(rules), List.of()), turns);
    }

    private static Replayed replay(long gameId, Replayed from, List<TurnRecord> turns) {
        Replayed r = from;
        for (TurnRecord t : turns) {
            Verdict v = Referee.judge(r.position(), t.notation());
            if (v instanceof Verdict.Rejected rejected) {
                throw new IllegalStateException("game " + gameId + " cannot be replayed: turn " + t.line()
                        + " is refused now: " + rejected.why().fullText());
            }
            Verdict.Accepted a = (Verdict.Accepted) v;
            r = new Replayed(a.position(), a.moves());
        }
        return r;
    }
}
