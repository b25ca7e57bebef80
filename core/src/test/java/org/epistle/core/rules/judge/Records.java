package org.epistle.core.rules.judge;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;

/** The documented games in test resources, read and replayed as {@code epistle replay} does. */
final class Records {
    private Records() {
    }

    static GameRecord read(String resource) {
        try (InputStream in = Records.class.getResourceAsStream("/records/" + resource)) {
            return GameRecord.read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Replays a record under its own variant, or under another reading of the rules. */
    static Replay.Report replay(String resource, Variant variant) {
        GameRecord record = read(resource);
        Ruleset rules = Ruleset.of(variant, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        Position start = record.header("FEN").map(f -> Fen.read(rules, f)).orElse(Position.start(rules));
        return Replay.run(start, record.turns(), false);
    }

    /** Replays a record with one printed move corrected: {@code typo} replaced by {@code meant} in the given turn. */
    static Replay.Report replayCorrected(String resource, int turnNumber, org.epistle.core.rules.board.Side side,
                                         String typo, String meant) {
        GameRecord record = read(resource);
        Ruleset rules = Ruleset.of(VariantCatalog.find(record.header("Variant").orElseThrow()).orElseThrow(),
                Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        java.util.List<GameRecord.Turn> turns = record.turns().stream().map(t -> t.number() == turnNumber && t.side() == side
                ? new GameRecord.Turn(t.number(), t.side(), t.text().replace(typo, meant), t.line()) : t).toList();
        return Replay.run(Position.start(rules), turns, false);
    }

    static Replay.Report replay(String resource) {
        return replay(resource, VariantCatalog.find(read(resource).header("Variant").orElseThrow()).orElseThrow());
    }

    /** The accepted notation of the record's last turn. */
    static String lastNotation(Replay.Report r) {
        return ((Verdict.Accepted) r.turns().get(r.turns().size() - 1).verdict()).notation();
    }

    static String describe(Replay.Report r) {
        Replay.TurnReport last = r.turns().get(r.turns().size() - 1);
        return "stopped: " + r.stoppedBecause() + " at " + last.turn() + " -> "
                + (last.verdict() instanceof Verdict.Rejected rej ? rej.why().fullText() : "accepted");
    }
}
