package org.epistle.core.rules.judge;

/**
 * Every reason a turn can be refused, each with the sentence that explains it and, where there
 * is one, what the player can do instead. {@code {name}} is filled from the illegality's facts.
 */
public enum Reason {
    // cannot be read
    UNREADABLE("\"{text}\" cannot be read: {problem}", "Write a move as the game's notation does, for example {example}."),
    EMPTY_TURN("The turn has no move in it.", "Send the turn in the game's notation, for example {example}."),
    // not legal
    NO_PIECE_ON_SQUARE("There is no piece of yours on {square}.", "{yourPieces}"),
    OPPONENTS_PIECE("The piece on {square} is {piece}, which is not yours to move.", null),
    WRONG_PIECE_NAMED("The piece on {square} is your {piece}, not the {named} the move names.", null),
    NO_SUCH_PIECE("You have no {named} on the board.", null),
    OWN_PIECE_ON_TARGET("Your own {blocker} stands on {to}.", null),
    CANNOT_MOVE_THERE("{Article} {piece} on {from} moves to {destinations} — not to {to}.", null),
    CANNOT_MOVE_AT_ALL("{Article} {piece} on {from} cannot move to {to}; in this position it has no move at all.", null),
    NONE_CAN_MOVE_THERE("None of your {named}s can move to {to}.", "{candidates}"),
    PATH_BLOCKED("The path from {from} to {to} is blocked by {blocker} on {at}.", null),
    NO_PAWN_CAPTURE("No pawn of yours on the {from}-file can capture on the {to}-file.", null),
    NOTHING_TO_CAPTURE("There is nothing to capture on {to}.", "If you mean to move there, write the move without the capture sign (x or :)."),
    LEAVES_KING_IN_CHECK("This leaves your king on {king} in check from {attacker} on {at}.", null),
    STILL_IN_CHECK("Your king on {king} is in check from {attacker} on {at}, and this move does not get it out.", null),
    MUST_ESCAPE_FIRST("Your king on {king} is in check from {attacker} on {at}; the first move of the turn must get it out of check.", null),
    CASTLING_RIGHT_LOST("You may no longer castle {side}: {why}.", null),
    CASTLING_BLOCKED("You may not castle {side}: {at} is occupied.", null),
    CASTLING_OUT_OF_CHECK("You may not castle while your king on {king} is in check from {attacker} on {at}.", null),
    CASTLING_THROUGH_CHECK("You may not castle through {at}: it is attacked by {attacker} on {from}.", null),
    PROMOTION_PIECE_MISSING("A pawn that reaches {to} must become another piece; the move does not say which.",
            "Add the piece, for example {example}; you may choose {choices}."),
    NOT_A_PROMOTION_PIECE("A pawn may not become {named}; it may become {choices}.", null),
    PROMOTION_NOT_POSSIBLE("Only a pawn reaching the last rank is promoted, so {named} cannot be asked for here.", null),
    AMBIGUOUS("\"{text}\" could be played by more than one piece: {candidates}.", "Name the piece's file or rank, for example {example}."),
    CHECK_ENDS_TURN("A check on the {ordinal} move ends a {variant} turn, so the {nextOrdinal} move is not played.",
            "Send the turn without the moves after the check: {example}."),
    KING_TAKEN_ENDS_GAME("Your {ordinal} move took the king, which wins the game at once; nothing after it is played.",
            "Send the turn up to the capture: {example}."),
    TOO_MANY_MOVES("This turn of {variant} has {allowed}; you sent {sent}.", null),
    TOO_FEW_MOVES("This turn of {variant} has {allowed}; you sent {sent}.", "Add the missing move{s}{forExample}."),
    TURN_CANNOT_BE_COMPLETED("After {text} you would have no legal move left to complete the turn.",
            "Choose a turn that you can play to the end{forExample}."),
    TURN_ALREADY_OVER("The turn ended with {last}, so no further move may follow.", "Send the turn as {example}."),
    TURN_ENDS_IN_CHECK("At the end of the turn your king on {king} would be in check from {attacker} on {at}.",
            "A turn must leave your king out of check when it ends."),
    KING_CANNOT_BE_CAPTURED("A king is not captured in {variant}: the king on {at} is checked, and checkmate wins.", null),
    KING_STEPS_INTO_CHECK("In {variant} a king may not step onto an attacked square even in the middle of a turn, and {to} is attacked.", null),
    CHECK_BEFORE_LAST_MOVE("Only the last move of a turn may give check in {variant}, and this move gives check with {left} still to play.",
            "Play the check as the last move of the turn, or choose other moves."),
    CHECK_ON_FIRST_MOVE("In {variant} the first move of a turn may not give check.", "Give the check with a later move of the turn."),
    SAME_MAN_AGAIN("The {piece} on {from} has already moved {times} in this turn, and {limit}.", "Move another man."),
    MAN_NOT_YET_DUE("The {piece} on {from} has moved {times} already; first every man that can move must move as often, and your {other} on {at} has not.", null),
    WRONG_KIND_OF_MAN("This move must be made with {expected}; the {piece} on {from} is not one.", null),
    NOT_LONGEST_MOVE("The first move of a turn must be one of the longest legal moves ({longest}); this one is {length} long.", null),
    MUST_IMITATE("The first move of the turn must {what}, since such a move is possible.", null),
    MOVE_NOT_IN_VARIANT("{variant} has no {kind}.", null),
    EN_PASSANT_TIMING("The capture is en passant, and {when}.", null),
    TOO_FAR("The moves of a turn may cover at most {max} squares together; with this one they cover {total}.", null),
    NOT_FORWARDS("In {variant} no man moves {way}.", null),
    NOT_THE_TWIN("A second move may only be made by the twin of the {first} that moved to {at}.", null),
    NO_TWIN("Only a rook, bishop or knight may be followed by its twin, and the turn began with {first} moving to {at}, "
            + "so it has no second move.", null),
    CHAIN_MOVE_EXPECTED("The next move must bring a man that has not moved yet this turn onto {vacated}, the square just left.", null),
    CHAIN_PRIORITY("A {first} can move onto {vacated}, so it goes before your {piece}.", null),
    NOT_A_BRICK_MOVE("The {piece} on {from} cannot make the second part of a double move: {why}.",
            "A turn is one move, a division, a fusion, or a united move written as one: Ra1-a4&Nb1-b4."),
    UNITED_MOVE_ILLEGAL("The united move {text} cannot be made: {why}.", null),
    TURN_CHANGES_NOTHING("The {piece} goes back to {square}, so the turn would leave the position as it was, which {variant} does not allow.", null),
    // Momentum Chess
    MOMENTUM_MUST_CONTINUE("Your {piece} on {from} is in motion: it goes on to {next} unless it is stopped, so it cannot go to {to} this turn.",
            "{instead}"),
    MOMENTUM_PROMOTES_UNWRITTEN("Your pawn on {from} goes on to {to} by itself and becomes another piece there, and the turn does not say which.",
            "Write its move with the piece, for example {example}; you may choose {choices}."),
    MOMENTUM_BLOCKED("Your {piece} on {from} cannot go on to {to}: it {why}.", null),
    ONE_ACTION_PER_TURN("Only one piece may be started or stopped per turn: {first} already used your move, and {why}.",
            "Start or stop one piece only. Pieces in motion need not be written: left out, they go on by themselves, "
            + "or stop when they cannot."),
    ALREADY_MOVED_BY_MOMENTUM("Your {piece} already went on by its momentum this turn; apart from being stopped where it "
            + "arrived, a piece does only one thing in a turn.", "{instead}"),
    NOT_IN_MOTION("Your {piece} on {square} is not in motion, so there is nothing to stop.", null),
    // Lene Hau Chess
    TRAVELLER_TAKES_NO_ORDERS("Your {piece} on {from} is travelling to {destination} and takes no new orders until it arrives there.",
            "Move a piece that is at rest."),
    TRAVELLER_CANNOT_BE_CAPTURED("Only {traveller}, on its way to {destination}, stands on {at}, and a travelling piece cannot be "
            + "captured: a move may not end on {at} while it is the only piece there.",
            "Wait until it has arrived on {destination}, then take it there."),
    TRAVELLER_NOT_ARRIVED("Your {piece} is travelling from {origin} to {destination} and stands on {at} now; it takes new orders "
            + "only once it has arrived on {destination}.", "Move a piece that is at rest."),
    TRAVELLER_IN_THE_WAY("Your pawn on {from} cannot step to {to}: {traveller} stands there on its way to {destination}, "
            + "and a pawn steps forward only onto an empty square.", "{instead}"),
    BLOCKED_BY_TRAVELLER("The path from {from} to {to} is blocked by {blocker} on {at}, which is travelling to {destination}: "
            + "a travelling piece blocks longer moves on the square where it stands now.", null),
    CHECK_AFTER_NEXT_STEP("Your king on {king} would be in check from {attacker} on {at} once {opponent}'s travellers take their "
            + "next step, before you could move again; being in check on your opponent's turn loses the game.",
            "Keep the king off the lines the travellers are about to reach, or block them."),
    KING_WHERE_TRAVELLER_ARRIVES("Your king on {king} would stand where {traveller}, now on {at}, arrives at its next step, "
            + "and its arrival would take the king.", "Move the king off {king}."),
    PASS_NOT_ALLOWED("You may pass only when you have no legal move, and you have one: {example}.", "Play a move instead."),
    PASS_IS_A_WHOLE_TURN("A pass is a whole turn by itself; it cannot stand with moves.", "Send either the moves or the word pass."),
    NO_PASSING("There is no passing in {variant}: every turn is a move.", null),
    CHARGED_SQUARE("{Article} {piece} may not go to {to}: its mass {mass} and the energy {energy} on {to} make {sum}, "
            + "which is not a multiple of 3, 5 or 7.", null),
    TRANSFORMATION_CHOICE("On {to} the {piece}'s mass and the energy {energy} there make {sum}, which may become {choices}; the move must say which.",
            "Write the piece after the move, for example {example}."),
    NOT_A_TRANSFORMATION("On {to} mass and energy make {sum}, which can become {choices}, not {named}.", null),
    FIELD_CODE_MISSING("In {variant} every move names {whose} field: four letters R, A or N in brackets after the move.",
            "Write it like this: {example}."),
    POSITION_REPEATED("This turn would bring back a position that has already been on the board, and in {variant} no position may come back.",
            "Choose a move that leads to a new position."),
    // Quest-Chess
    QUEST_MAN_MOVED_TWICE("Your {piece} on {from} has already moved in this turn, and a man moves again only after a capture "
            + "that was not taken back, after giving check, or to get your king out of check.", "Move another man, or pass to end the turn."),
    QUEST_STOPS_FOR_ANSWER("The turn stops after {move}, since {why}; the moves after it are not played before that answer.",
            "Send the turn up to {move} now and the rest when the answer has come, or write pass right after {move} to end the turn with it."),
    QUEST_ONE_ANSWER("{awaited} The answer is one move{orDecline}, and this mail has more: {text}.", "Send the one move{orDecline} alone."),
    QUEST_NOT_THE_ANSWER("{awaited} {text} is not such a move.", "Reply with {examples}."),
    QUEST_CHECK_MUST_BE_MET("Your king on {king} is in check, and a check must be met at once: it cannot be declined.",
            "Reply with one move that gets the king out of check."),
    QUEST_NOTHING_TO_DECLINE("There is nothing to decline: no capture or en-passant chance of yours is waiting for an answer, "
            + "and it is your {what}.", "{instead}"),
    QUEST_NOT_AN_ANSWER_NOW("Nothing is waiting for your answer: it is your {what}, so a move in square brackets has no place here.",
            "Write the moves without brackets."),
    QUEST_PASS_BEFORE_FIRST_MOVE("A turn may only be passed after its first move.", "Send at least one move: {example}."),
    QUEST_PASS_NOT_LAST("The word pass ends the turn, so nothing may follow it; this mail goes on with {text}.", "Put pass last, or leave it out."),
    QUEST_PASS_IN_CHECK("Your king on {king} is in check from {attacker} on {at} and must get out at once, so the turn cannot end here.",
            "Reply with one move that gets the king out of check, then more moves or pass."),
    QUEST_TOO_MANY_MOVES("This turn has {allowed} and {played} of them are played, so {left} more may follow; this mail has more.",
            "Send at most {left} more move{s}."),
    QUEST_MATE_ENDS_GAME("{move} is checkmate, which ends the game; nothing after it is played.", "Send the turn up to {move}."),
    // Realm Chess
    REALM_TOO_MANY_MEN("A concentration or a dispersal moves at most four men, and this turn moves {count}.",
            "Move four men or fewer this turn."),
    REALM_NOT_ONE_REALM("{what}", "{instead}"),
    REALM_CAPTURE("{Article} {piece} on {from} would capture on {to}, but a man can only be captured by a standard move, "
            + "a turn of that one move alone.", "Play the capture as a turn by itself, or choose a free square."),
    REALM_OUTSIDE_REALM("A rearrangement keeps its men inside one realm, so your {piece} on {from} cannot be put on {to}: {why}.",
            "Put each man on a square of the realm he stands in; realms are the 2x2 blocks {examples}."),
    REALM_MIXED("A turn of {variant} is one kind of thing: a standard move, a concentration, a dispersal or a rearrangement; "
            + "this one mixes moves ({moves}) with men put on squares ({placements}).",
            "Send them as separate turns; only Power Realm Chess combines them, within one realm."),
    REALM_SAME_SQUARE("Your {piece} on {from} and your {other} on {at} would both end on {to}; the men of a turn move at once, "
            + "so each needs a square of his own.", null),
    REALM_SQUARE_TAKEN("Your {piece} on {from} cannot be put on {to}: {occupant} stands there and stays.",
            "Put men only on empty squares of the realm or on squares that men of this rearrangement leave."),
    REALM_PAWN_RANK("A rearrangement may not put a pawn on its first or last rank, and {to} is your pawn's {which} rank.", null),
    REALM_NOTHING_MOVES("This rearrangement leaves the board as it was: every square holds what it held before.",
            "Put at least one man on a square that held something else, or send another turn."),
    REALM_STILL_IN_CHECK("Your king on {king} is in check from {attacker} on {at}, and this turn does not get it out.",
            "Any kind of turn may answer a check, for example {example}."),
    REALM_CASTLING("Castling is a standard move and makes a turn by itself; it cannot be part of a turn of several men.", null),
    GAME_OVER("The game is over: {result}.", null);

    private final String sentence;
    private final String hint;

    Reason(String sentence, String hint) {
        this.sentence = sentence;
        this.hint = hint;
    }

    public String sentence() {
        return sentence;
    }

    /** What the player may do instead, or null. */
    public String hint() {
        return hint;
    }

    /** The three kinds of failure, kept apart as players need different help with each. */
    public Kind kind() {
        return switch (this) {
            case UNREADABLE, EMPTY_TURN -> Kind.CANNOT_READ;
            case AMBIGUOUS -> Kind.AMBIGUOUS;
            default -> Kind.ILLEGAL;
        };
    }

    public enum Kind { CANNOT_READ, ILLEGAL, AMBIGUOUS }
}
