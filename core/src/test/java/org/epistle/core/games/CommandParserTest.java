package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class CommandParserTest {

    @Test
    void the_first_non_blank_line_is_the_command() {
        assertEquals(new Command.Move("Nf3/e4"), CommandParser.parse(List.of("", "   ", "Nf3/e4", "resign")));
    }

    @Test
    void keywords_are_read_in_any_case() {
        assertEquals(new Command.Resign(), CommandParser.parse("Resign"));
        assertEquals(new Command.Resign(), CommandParser.parse("I resign."));
        assertEquals(new Command.OfferDraw(), CommandParser.parse("DRAW"));
        assertEquals(new Command.OfferDraw(), CommandParser.parse("draw?"));
        assertEquals(new Command.OfferDraw(), CommandParser.parse("offer  draw"));
        assertEquals(new Command.AcceptDraw(), CommandParser.parse("accept"));
        assertEquals(new Command.DeclineDraw(), CommandParser.parse("Decline!"));
        assertEquals(new Command.ClaimDraw(), CommandParser.parse("claim"));
        assertEquals(new Command.ClaimDraw(), CommandParser.parse("Claim the draw"));
        assertEquals(new Command.ShowBoard(), CommandParser.parse("board"));
        assertEquals(new Command.ShowHistory(), CommandParser.parse("History"));
        assertEquals(new Command.Help(), CommandParser.parse(" help "));
    }

    @Test
    void a_turn_may_name_its_turn_number_before_or_after_the_moves() {
        assertEquals(new Command.Move("Nf3/e4", OptionalInt.of(12)), CommandParser.parse("#12 Nf3/e4"));
        assertEquals(new Command.Move("Nf3/e4", OptionalInt.of(12)), CommandParser.parse("Nf3/e4 #12"));
        assertEquals(new Command.Move("Qxf7#", OptionalInt.of(4)), CommandParser.parse("Qxf7# #4"));
        assertEquals(new Command.Move("Qxf7#"), CommandParser.parse("Qxf7#"));
    }

    @Test
    void a_turn_may_carry_a_draw_offer_written_after_it() {
        assertEquals(new Command.Move("Nf3", OptionalInt.empty(), true), CommandParser.parse("Nf3 draw"));
        assertEquals(new Command.Move("e4/d4", OptionalInt.of(3), true), CommandParser.parse("e4/d4 #3 draw"));
        assertEquals(new Command.Move("Nf3", OptionalInt.empty(), true), CommandParser.parse("Nf3, offer a draw."));
        assertEquals(new Command.Move("Nf3", OptionalInt.empty(), true), CommandParser.parse("Nf3 and offer draw"));
        assertEquals(new Command.OfferDraw(), CommandParser.parse("offer a draw"));
        assertEquals(new Command.DeclineDraw(), CommandParser.parse("decline draw"));
        assertEquals(new Command.Move("Nf3 drawn"), CommandParser.parse("Nf3 drawn"));
    }

    @Test
    void anything_else_is_a_turn_for_the_referee_to_judge() {
        assertEquals(new Command.Move("e2-e4"), CommandParser.parse("e2-e4"));
        assertEquals(new Command.Move("resign now or never"), CommandParser.parse("resign now or never"));
        assertEquals(new Command.Move(""), CommandParser.parse(List.of()));
    }

    @Test
    void a_mail_that_is_not_a_reply_carries_its_own_credentials_pbmserv_style() {
        Optional<DirectCommand> direct = CommandParser.parseDirect(List.of("", "move 12 ABCDEFGHIJ234567KLMN #7 Nf3/e4"));

        assertEquals(new Credentials(12, "abcdefghij234567klmn"), direct.orElseThrow().credentials());
        assertEquals(new Command.Move("Nf3/e4", OptionalInt.of(7)), direct.orElseThrow().command());
        assertEquals(new Command.Resign(), CommandParser.parseDirect(List.of("Move 3 abcdefghij234567klmn resign")).orElseThrow().command());
        assertTrue(CommandParser.parseDirect(List.of("Nf3/e4")).isEmpty());
        assertTrue(CommandParser.parseDirect(List.of("move 12 token")).isEmpty());
    }

    @Test
    void every_command_is_handled_by_its_own_case() {
        Command.Cases<String> names = new Command.Cases<>() {
            public String move(Command.Move move) { return "move " + move.text(); }
            public String resign() { return "resign"; }
            public String offerDraw() { return "offer"; }
            public String acceptDraw() { return "accept"; }
            public String declineDraw() { return "decline"; }
            public String claimDraw() { return "claim"; }
            public String showBoard() { return "board"; }
            public String showHistory() { return "history"; }
            public String help() { return "help"; }
            public String conditional(Command.Conditional line) { return "conditional " + line.text(); }
        };

        assertEquals("move e4", CommandParser.parse("e4").accept(names));
        assertEquals("decline", CommandParser.parse("decline").accept(names));
        assertEquals("claim", CommandParser.parse("Claim a draw.").accept(names));
        assertEquals("conditional if Nf3 then Nc6", CommandParser.parse("if Nf3 then Nc6").accept(names));
    }

    @Test
    void a_conditional_line_may_be_written_one_pair_a_line_and_ends_at_the_first_other_line() {
        Command line = CommandParser.parse(List.of("", "If Nf3 then Nc6", "if Bb5 then a6", "Good luck!", "if e4 then e5"));

        assertEquals(new Command.Conditional("If Nf3 then Nc6 if Bb5 then a6"), line);
        assertEquals(new Command.Conditional("conditional cancel"), CommandParser.parse(List.of("conditional cancel")));
        assertEquals(new Command.Move("Nf3"), CommandParser.parse(List.of("Nf3", "if e5 then Nc3")));
    }
}
