package org.epistle.core.rules.variant;

import static org.epistle.core.rules.variant.TurnConstraint.ManClass.ANY;
import static org.epistle.core.rules.variant.TurnConstraint.ManClass.CENTRE;
import static org.epistle.core.rules.variant.TurnConstraint.ManClass.KING;
import static org.epistle.core.rules.variant.TurnConstraint.ManClass.KINGS_SIDE;
import static org.epistle.core.rules.variant.TurnConstraint.ManClass.ON_DARK;
import static org.epistle.core.rules.variant.TurnConstraint.ManClass.ON_LIGHT;
import static org.epistle.core.rules.variant.TurnConstraint.ManClass.PAWN;
import static org.epistle.core.rules.variant.TurnConstraint.ManClass.PERIPHERY;
import static org.epistle.core.rules.variant.TurnConstraint.ManClass.PIECE;
import static org.epistle.core.rules.variant.TurnConstraint.ManClass.PIECE_OR_KING;
import static org.epistle.core.rules.variant.TurnConstraint.ManClass.QUEENS_SIDE;

import java.util.List;
import org.epistle.core.rules.board.Geometry;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.physics.Rule;
import org.epistle.core.rules.physics.quest.Quest;
import org.epistle.core.rules.variant.TurnConstraint.EnPassant;
import org.epistle.core.rules.variant.TurnConstraint.EnPassantTiming;
import org.epistle.core.rules.variant.TurnConstraint.EndsTurnWhen;
import org.epistle.core.rules.variant.TurnConstraint.Ender;
import org.epistle.core.rules.variant.TurnConstraint.Imitate;
import org.epistle.core.rules.variant.TurnConstraint.Imitation;
import org.epistle.core.rules.variant.TurnConstraint.ManClasses;
import org.epistle.core.rules.variant.TurnConstraint.MayStopEarly;
import org.epistle.core.rules.variant.TurnConstraint.MovesPerMan;
import org.epistle.core.rules.variant.TurnConstraint.NoSuchMoves;
import org.epistle.core.rules.variant.TurnConstraint.Shortfall;
import org.epistle.core.rules.variant.TurnConstraint.WhenStuck;

/**
 * The games of chapter 1 in which a player makes more than one move a turn, each as data: a turn
 * schedule, a check policy and a few turn rules. Marseillais and Balanced Marseillais are in
 * {@link VariantCatalog}. Where the documents leave a rule open, the summary says which reading
 * Epistle takes.
 */
public final class MultiMoveVariants {
    private MultiMoveVariants() {
    }

    private static final TurnSchedule TWO = new TurnSchedule.Fixed(2);
    private static final TurnSchedule BALANCED = new TurnSchedule.OpeningTurn(1, 2);
    private static final TurnSchedule PROGRESSIVE = TurnSchedule.Progressive.CLASSIC;
    private static final CheckPolicy MARSEILLAIS = CheckPolicy.INTERMEDIATE_CHECK_ENDS_TURN;
    private static final CheckPolicy ITALIAN = CheckPolicy.CHECK_ONLY_ON_LAST_MOVE;
    private static final Rule EP_FIRST_MOVE = new EnPassantTiming(EnPassant.FIRST_MOVE_ONLY);
    private static final Rule DIFFERENT_MEN = new MovesPerMan(1, false);
    private static final Rule MOVES_LOST = new WhenStuck(Shortfall.MOVES_LOST);

    private static Variant slashed(String key, String name, String summary, String rules, List<String> aliases,
                                   TurnSchedule schedule, CheckPolicy policy, Rule... turnRules) {
        return new Variant(key, name, summary, rules, aliases, Geometry.STANDARD, schedule, policy, WinCondition.CHECKMATE,
                NotationStyle.SAN_SLASHED, List.of(turnRules));
    }

    private static Variant progressive(String key, String name, String summary, String rules, List<String> aliases,
                                       TurnSchedule schedule, CheckPolicy policy, Rule... turnRules) {
        return new Variant(key, name, summary, rules, aliases, Geometry.STANDARD, schedule, policy, WinCondition.CHECKMATE,
                NotationStyle.SAN_COMMAS, List.of(turnRules));
    }

    private static final String PROGRESSIVE_RULES = """
            White plays one move, Black two, White three, and so on: each turn has one move more \
            than the turn before it, made with the same man or with different men. A move that gives \
            check ends the turn at once. Your own king may never be left in check, and if it is in \
            check when your turn begins the first move must get it out. If you cannot play the whole \
            turn (no legal move left part way) the game is drawn as stalemate; if you are also in \
            check, you are mated. En passant may be taken only with the first move of a turn, of a \
            pawn that advanced two squares in the opponent's last turn and has not moved since or \
            had the square it passed occupied. Write a turn as its moves joined by commas: d5, Bg4, Bxd1, Kd7.""";

    // ---- 1.1 two moves a turn, intermediate check observed

    public static final Variant MARSEILLAIS_OLD_RULES = slashed("marseillais-old-rules", "Marseillais Chess (alternative rules)",
            "Marseillais with the alternative rules: no check on the first move; en passant only of the second move's pawn.",
            """
            Marseillais Chess as it was sometimes played: two moves a turn, but a check may not be \
            given with the first move of a turn (it may with the second), and an en-passant capture \
            may only take a pawn that advanced two squares with the second move of the opponent's \
            turn. A player in check must escape with the first move; a king may not step into check \
            and out again. Write a turn as Nf3/e4.""",
            List.of("marseillais-alternative"), TWO, CheckPolicy.NO_CHECK_ON_FIRST_MOVE,
            new EnPassantTiming(EnPassant.ONLY_PAWN_MOVED_LAST));

    public static final Variant BILATERAL = slashed("bilateral-marseillais", "Bilateral Marseillais Chess",
            "Two moves a turn, one starting on the queen's side (files a-d), one on the king's side (e-h).",
            """
            Marseillais Chess in which the board is cut in two: the queen's side (files a to d) and \
            the king's side (files e to h). Of your two moves, one is made by a man standing on each \
            side, in either order, so a piece that crosses over may move twice. If no man on one \
            side has a legal move, that move is lost and the turn is the other move alone. Check on \
            the first move ends the turn, and a check must be escaped with the first move. \
            Castling is a move of the king's side (the king starts there). Write a turn as Nf3/c4.""",
            List.of("bilateral"), TWO, MARSEILLAIS,
            new ManClasses(List.of(QUEENS_SIDE, KINGS_SIDE), false), MOVES_LOST);

    public static final Variant CENTRAL = slashed("central-marseillais", "Central Marseillais Chess",
            "Two moves a turn: one by a man in the centre (c3-f6), one by a man outside it.",
            """
            Marseillais Chess with the board split into the centre (the 16 squares c3 to f6) and the \
            periphery (the other 48). Of your two moves, one is made by a man standing in the centre \
            and one by a man standing outside it, in either order; the men may go anywhere, so a \
            piece that crosses from one area to the other may move twice. Castling is a peripheral \
            move. If no man in one area can move, that move is lost (our reading: the source does not \
            say). Check rules as in Marseillais. Write a turn as e4/Nf3.""",
            List.of("central"), TWO, MARSEILLAIS, new ManClasses(List.of(CENTRE, PERIPHERY), false), MOVES_LOST);

    public static final Variant BLACK_AND_WHITE = slashed("black-and-white-marseillais", "Black and White Marseillais Chess",
            "Two moves a turn: first a man standing on a light square, then a man on a dark square.",
            """
            Marseillais Chess in which your first move is made by a man standing on a light square \
            and your second by a man standing on a dark square (it may be the same man, if the first \
            move took it to a dark square). If either is impossible, that move is lost. A castling \
            may be either move. A check given with the first move ends the turn. A check must be \
            answered with the first move; if the only answers are moves from dark squares, that \
            answer counts as the second move and the first is lost. Write a turn as e4/Nf3.""",
            List.of("black-and-white"), TWO, MARSEILLAIS,
            new ManClasses(List.of(ON_LIGHT, ON_DARK), true, true, true), MOVES_LOST);

    public static final Variant KINGS_MEN_QUEENS_MEN = slashed("kings-men-queens-men-marseillais",
            "King's Men, Queen's Men Marseillais Chess",
            "Two moves a turn: one by a man that began on the king's side, one by a man that began on the queen's side.",
            """
            Marseillais Chess in which every man keeps the side of the board it began on: the men \
            that started on files e-h (king, king's bishop, knight and rook, and the e- to h-pawns) \
            are king's men, the others queen's men, wherever they go later; a promoted pawn stays \
            what it was. A turn is one move by a king's man and one by a queen's man, in either \
            order. O-O counts as the king's men's move; O-O-O moves a man of each kind and is a \
            whole turn. If no man of one kind can move, that move is lost (our reading). Check rules \
            as in Marseillais. Write a turn as e4/d4.""",
            List.of("kings-men-queens-men"), TWO, MARSEILLAIS, new TurnConstraint.KingsAndQueensMen(), MOVES_LOST);

    public static final Variant PIECE_AND_PAWN = slashed("piece-and-pawn-marseillais", "Piece and Pawn Marseillais Chess",
            "Two moves a turn, one with a piece and one with a pawn, in either order.",
            """
            Marseillais Chess in which one move of the turn is made with a piece (the king and \
            castling count as piece moves) and the other with a pawn, in either order. A pawn \
            promoted with the first move may move as a piece with the second. En passant may be \
            taken only with the first move of a turn. If you have no legal move of one kind, that \
            move is lost (our reading). Check rules as in Marseillais. Write a turn as e4/Nf3.""",
            List.of("piece-and-pawn"), TWO, MARSEILLAIS,
            new ManClasses(List.of(PIECE_OR_KING, PAWN), false), EP_FIRST_MOVE, MOVES_LOST);

    public static final Variant MAXIMUMMER = slashed("maximummer-marseillais", "Maximummer Marseillais Chess",
            "Two moves a turn; the first must be one of the longest legal moves, the second by another man.",
            """
            Marseillais Chess in which the first move of a turn must be one of your longest legal \
            moves, measured as a straight line between the centres of the squares: a one-square \
            orthogonal step is 1, a diagonal step 1.41, a knight's move 2.24; O-O counts 4 and O-O-O 5. \
            Among equally long moves you choose. The second move is free, except that the man that \
            made the first may not move again. Check rules as in Marseillais. Write a turn as Bxa7/Nf3.""",
            List.of("maximummer-marseillais-chess"), TWO, MARSEILLAIS, new TurnConstraint.LongestFirst(), DIFFERENT_MEN);

    public static final Variant EQUIVALENT = slashed("equivalent-marseillais", "Equivalent Marseillais Chess",
            "Two moves a turn; the first copies the kind of piece of the opponent's last move, if it can.",
            """
            Marseillais Chess in which the first move of your turn must, if any legal move can, be \
            made with the same kind of piece as your opponent's last move (after his knight moved, a \
            knight of yours; castling copies a king's or a rook's move, and a king's or rook's move \
            copies a castling). If no such move is legal the first move is free. The second move may \
            be made by any man except the one just moved. Check rules as in Marseillais. Write a \
            turn as Nf3/e4.""",
            List.of("equivalent"), TWO, MARSEILLAIS, new Imitate(Imitation.PIECE_KIND), DIFFERENT_MEN);

    public static final Variant EQUIDISTANT = slashed("equidistant-marseillais", "Equidistant Marseillais Chess",
            "Two moves a turn; the first as long as the opponent's last move, if possible; the second by another man.",
            """
            Marseillais Chess in which the first move of your turn must, if any legal move can, be \
            exactly as long as your opponent's last move (lengths as in Maximummer: a step 1, a \
            diagonal step 1.41, a knight's move 2.24, O-O 4, O-O-O 5). When your king is in check and \
            no move of that length gets it out, the first move is free, as it is whenever no legal \
            move has that length. The second move must be made with a different man. Check rules as \
            in Marseillais. Write a turn as e4/Nf3.""",
            List.of("equidistant"), TWO, MARSEILLAIS, new Imitate(Imitation.LENGTH), DIFFERENT_MEN);

    public static final Variant BALANCED_EQUIDISTANT = slashed("balanced-equidistant-marseillais",
            "Balanced Equidistant Marseillais Chess",
            "Equidistant Marseillais with one opening move for White and no constraint on the second move.",
            """
            Equidistant Marseillais without its constraint on the second move: the first move of a \
            turn must, if any legal move can, be as long as the opponent's last move, and the second \
            move is free (it may be made by the same man). Our reading of the name and of the open \
            points: as in Balanced Marseillais, White's first turn is a single move; a king in check \
            that cannot escape with a move of the right length may escape with any move. Write a \
            turn as e4/Nf3.""",
            List.of("balanced-equidistant"), BALANCED, MARSEILLAIS, new Imitate(Imitation.LENGTH));

    public static final Variant DIFFERENT_MEN_MARSEILLAIS = slashed("different-men-marseillais", "Different Men Marseillais Chess",
            "Marseillais Chess in which the two moves of a turn are made by two different men.",
            """
            Marseillais Chess (two moves a turn, a check on the first move ends the turn, escape check \
            with the first move) with one change: the two moves must be made with two different \
            men. A player who cannot make two moves with two different men, and gives no check with \
            the first, cannot complete the turn: stalemate, or mate if in check. Write a turn as Nf3/e4.""",
            List.of("different-men"), TWO, MARSEILLAIS, DIFFERENT_MEN);

    // ---- 1.2 two moves a turn, other forms

    public static final Variant DOUBLE_MOVE = new Variant("double-move", "Double-Move Chess [Galvin]",
            "Two moves a turn after White's single opening move; no check: the king is captured.",
            """
            Fred Galvin's Double-Move Chess. White opens with one move; after that each player makes \
            two moves a turn, with the same man or two different men. There is no check: a king may \
            be left or put where it can be taken, it may itself take a guarded man, and the game is \
            won by capturing the opponent's king (the turn ends there). Castling keeps its usual \
            conditions. A pawn that advanced two squares, with either move of a turn, may be taken en \
            passant only with the opponent's first move; after two such advances both pawns may be \
            taken, with the first two moves. A pawn moved twice in a turn, or whose passed-over \
            square was then occupied, cannot be taken en passant. A turn may not leave the position \
            unchanged (a man going and coming straight back). A player who cannot make two moves is \
            stalemated: the game is drawn. Write a turn as e4/d4.""",
            List.of("double-move-chess", "double-move-galvin", "galvin"), Geometry.STANDARD, BALANCED, CheckPolicy.NONE,
            WinCondition.KING_CAPTURE, NotationStyle.SAN_SLASHED,
            List.of(new EnPassantTiming(EnPassant.FIRST_MOVES_IN_A_ROW), new TurnConstraint.MustChangePosition()));

    public static final Variant CITIZEN = slashed("citizen", "Citizen Chess",
            "Chess in which a piece move may be followed by a pawn move in the same turn.",
            """
            Each turn begins with a move of a piece (the king and castling count as pieces); you may \
            then add a second move, which must be a pawn move. A capture or a check with the first \
            move ends the turn. A check must be answered with the first move, so a pawn move cannot \
            answer it. A player not in check who has no piece move cannot begin a turn and is \
            stalemated. Write a turn as Nf3/e4, or just Nf3.""",
            List.of("citizen-chess"), TWO, MARSEILLAIS, new ManClasses(List.of(PIECE_OR_KING, PAWN), true),
            new EndsTurnWhen(Ender.CAPTURE_ON_FIRST_MOVE), new MayStopEarly());

    public static final Variant DOUBLET = slashed("doublet", "Doublet Chess",
            "Chess in which a player who moves a rook, bishop or knight may also move its twin.",
            """
            Chess, except that after moving a rook, bishop or knight you may also move its twin (the \
            other rook, bishop or knight of yours) in the same turn, or stop after the first move. \
            Check is judged when both moves are made: a king is not in check until the turn is \
            complete, so the second move may answer a check, and a check given by the first move \
            does not end the turn. Write a turn as Nf3/Nc3.""",
            List.of("doublet-chess"), TWO, CheckPolicy.TURN_END_ONLY,
            new TurnConstraint.Twin(), new MayStopEarly());

    public static final Variant POWER_PAWN = slashed("power-pawn", "Power Pawn Chess",
            "After every ordinary move, a move or capture with a pawn.",
            """
            Each turn is an ordinary move followed by a move or capture with a pawn; if the first move \
            was itself a pawn move, the second must be made by another pawn. Our readings where the \
            inventor's leaflet is silent: a check with the first move ends the turn, as in \
            Marseillais; when no pawn move is possible, the pawn move is lost and the turn is the \
            ordinary move alone. Escape check with the first move. Write a turn as Nf3/e4.""",
            List.of("power-pawn-chess"), TWO, MARSEILLAIS, new ManClasses(List.of(ANY, PAWN), true), DIFFERENT_MEN, MOVES_LOST);

    public static final Variant ALTERNATING = slashed("alternating-marseillais", "Alternating Marseillais Chess",
            "One move each, then two moves each, then one each, and so on.",
            """
            A cross between chess and Marseillais Chess: in the first round of turns White and Black \
            play one move each, in the second two moves each, then one each again, and so on. The \
            two-move turns follow the Marseillais rules: a check ends the turn, and a check must be \
            escaped with the first move. Write a turn as Nf3/e4.""",
            List.of("alternating"), new TurnSchedule.ByTurn(List.of(1, 2), 0, true), MARSEILLAIS);

    // ---- 1.3 two moves against one

    public static final Variant KING_AND_PAWNS = slashed("king-and-pawns", "The King and Pawns Game",
            "White's king and eight pawns, moving twice a turn, against Black's full army.",
            """
            White has only his king and eight pawns, Black the whole army, and White makes two moves \
            to Black's one, with the same man or different men. White's king may step into check, \
            even beside the black king (to take a guarded man, say), provided it is safe again at \
            the end of the turn; a check given with White's first move ends the turn; White may stop \
            after one move. When Black gives check White must answer it with the first move (this \
            is the common form). Write White's turn as e4/d4.""",
            List.of("double-move-king-and-pawns"), new TurnSchedule.BySide(TWO, new TurnSchedule.Fixed(1)),
            CheckPolicy.ESCAPE_FIRST_KING_MAY_PASS_THROUGH_CHECK,
            new Setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3 w kq - 0 1"), new MayStopEarly());

    public static final Variant KING_AND_PAWNS_LATE_ESCAPE = slashed("king-and-pawns-late-escape",
            "The King and Pawns Game (escape on the second move)",
            "The King and Pawns Game in the version where White may get out of check with his second move.",
            """
            As the King and Pawns Game (White king and eight pawns, two moves a turn, against Black's \
            full army), in the version where a White king in check need only be safe at the end of \
            White's turn, so it may escape with the second move. Write White's turn as e4/d4.""",
            List.of(), new TurnSchedule.BySide(TWO, new TurnSchedule.Fixed(1)), CheckPolicy.ESCAPE_BY_TURN_END,
            new Setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3 w kq - 0 1"), new MayStopEarly());

    public static final Variant VERNEY = slashed("verney", "Verney's King and Pawns Game",
            "White's king and eight pawns, two moves a turn, against Black's pieces without pawns.",
            """
            Verney's form of the King and Pawns Game: Black has his pieces but no pawns, so his \
            pieces threaten White's a- and h-pawns at once. White moves twice a turn and may give \
            check only with his second move; a White king in check must move out with the first \
            move. The White king may otherwise step into check in mid-turn if it is safe at the end. \
            Write White's turn as e4/d4.""",
            List.of("verney-king-and-pawns"), new TurnSchedule.BySide(TWO, new TurnSchedule.Fixed(1)),
            CheckPolicy.ESCAPE_FIRST_NO_CHECK_ON_FIRST_MOVE,
            new Setup("rnbqkbnr/8/8/8/8/8/PPPPPPPP/4K3 w kq - 0 1"), new MayStopEarly());

    public static final Variant MONSTER = slashed("monster", "Monster Chess",
            "White's full army against Black's king and four centre pawns, which move twice a turn.",
            """
            White has the whole army; Black has his king and the pawns of the c-, d-, e- and f-files, \
            and makes two moves a turn to White's one. Only the end of Black's turn counts for check: \
            his king may stay in check or step into it with the first move if it is safe after the \
            second. White's turns are ordinary chess moves. Write Black's turn as Kd7/Kc6.""",
            List.of("monster-chess"), new TurnSchedule.BySide(new TurnSchedule.Fixed(1), TWO), CheckPolicy.TURN_END_ONLY,
            new Setup("4k3/2pppp2/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"));

    public static final Variant KING_AND_PAWNS_TWO_SQUARE_CHECK = slashed("king-and-pawns-two-square-check",
            "The King and Pawns Game (the king checks from two squares)",
            "The King and Pawns Game in the form where White's king checks Black's from two squares away.",
            """
            As the King and Pawns Game (White's king and eight pawns, two moves a turn, against \
            Black's whole army), in the form where White's king gives check, and so can mate, when \
            it stands two squares from Black's king: on any square of the ring around the king's \
            neighbours, knight's-move squares too, whatever lies between (it is a check only: the \
            king still moves and takes one square at a time). Black's king may therefore never come \
            within two squares of White's. Readings taken, the ones Gik's example 1 Ke3 e5 2 Kxe5 \
            Qe7+ 3 Kxc7 mate needs: only the end of White's turn counts for check, so White's king \
            may stay in check or step into it with the first move if it is safe after the second, \
            and a check White gives with the first move does not end the turn. White may stop \
            after one move. Write White's turn as Kd6/Kxc7.""",
            List.of("king-and-pawns-gik"), new TurnSchedule.BySide(TWO, new TurnSchedule.Fixed(1)), CheckPolicy.TURN_END_ONLY,
            new Setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4K3 w kq - 0 1"), new MayStopEarly(),
            new TwoSquareCheck(Side.WHITE, TwoSquareCheck.Path.ANY));

    private static final String IMPERATORE_RULES = """
            Monster Chess with the colours reversed: White has his king and the pawns of the c-, d-, \
            e- and f-files and makes two moves a turn; Black has the whole army and one move. Only \
            the end of White's turn counts for check: his king may stay in check or step into it \
            with the first move if it is safe after the second, and a check he gives with the first \
            move does not end the turn. White's king, the Imperatore, can check and mate Black's: \
            our reading of that power is that it checks from two squares away (any square of the \
            ring around its neighbours, knight's-move squares too), since its two steps a turn \
            would reach the black king from there; it is a check only, the king still moves one \
            square at a time. Black's king may never come that close.""";

    public static final Variant IMPERATORE = slashed("imperatore", "Imperatore",
            "Monster Chess reversed: White's king and four centre pawns move twice; the king checks from two squares.",
            IMPERATORE_RULES + """
             The two steps need a way: the check counts only when a square next to both kings is \
            empty or holds a black man, not when every such square holds a White pawn. White's \
            pawns promote as usual. Write White's turn as Kd3/e4.""",
            List.of("imperatore-chess"), new TurnSchedule.BySide(TWO, new TurnSchedule.Fixed(1)), CheckPolicy.TURN_END_ONLY,
            new Setup("rnbqkbnr/pppppppp/8/8/8/8/2PPPP2/4K3 w kq - 0 1"),
            new TwoSquareCheck(Side.WHITE, TwoSquareCheck.Path.NOT_OVER_OWN_MEN));

    public static final Variant ONE_TWO = slashed("one-two", "One-Two",
            "Imperatore as NOST played it: White's pawns never promote, and his king checks over his own pawns.",
            IMPERATORE_RULES + """
             As NOST played it in 1963: White's pawns never promote, so a White pawn may not move \
            onto the eighth rank (it still guards the squares there). White's king may pass over a \
            square held by one of his pawns: our reading is that this is about its check, which \
            counts from two squares away even when White pawns fill every square between the \
            kings; the king's own moves stay single steps, each onto a square of its own (a \
            two-square leap over a pawn is not offered). Write White's turn as Kd3/e4.""",
            List.of("one-two-chess"), new TurnSchedule.BySide(TWO, new TurnSchedule.Fixed(1)), CheckPolicy.TURN_END_ONLY,
            new Setup("rnbqkbnr/pppppppp/8/8/8/8/2PPPP2/4K3 w kq - 0 1"),
            new TwoSquareCheck(Side.WHITE, TwoSquareCheck.Path.OVER_OWN_PAWNS), new TurnConstraint.NoPromotion(Side.WHITE));

    public static final Variant DOUBLE_TROUBLE = slashed("double-trouble", "Double Trouble Chess",
            "White's king, bishop and pawns move twice to Black's once; no check with White's first move.",
            """
            Black has the usual army; White has his king on e1, a bishop on f1 and eight pawns, but \
            moves twice to Black's once. White may not give check with the first of his two moves, \
            and if placed in check must escape with the first. Write White's turn as e4/Bc4.""",
            List.of("double-trouble-chess"), new TurnSchedule.BySide(TWO, new TurnSchedule.Fixed(1)),
            CheckPolicy.NO_CHECK_ON_FIRST_MOVE, new Setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4KB2 w kq - 0 1"));

    // ---- 1.4 three to ten moves

    private static final String TRIPLETS_RULES = """
            Each side's first turn is a pawn move; the second a piece move and a pawn move in either \
            order; from the third turn on, a pawn move, a move of a piece other than the king, and a \
            king move, in any order. Castling is a king move; castling on the queen's side is not \
            played. The three moves count as one: check is judged only at the end of the turn, so a \
            king in check may get out with any of the three moves, and checks given in mid-turn do \
            not end it. En passant may be taken with any move of the turn. A player who cannot play \
            a whole turn (no pawn, piece or king move) loses, and so does a player mated. \
            Write a turn as d4/Bc4/Ke2.""";

    public static final Variant TRIPLETS = slashed("triplets", "Triplets",
            "A pawn move, a piece move and a king move every turn; check counts only at the end of the turn.",
            TRIPLETS_RULES + " Reading taken, the one Castelli's recorded win bears out: the king itself "
                    + "never steps onto an attacked square, even in mid-turn, although it may stay in check "
                    + "until the end of the turn (triplets-king-through-check is the other reading).",
            List.of("triplets-chess"), new TurnSchedule.ByTurn(List.of(1, 2), 3, false),
            CheckPolicy.TURN_END_ONLY_KING_NEVER_STEPS_INTO_CHECK,
            new ManClasses(List.of(PAWN, PIECE, KING), false), new NoSuchMoves(false, false, true),
            new WhenStuck(Shortfall.LOSES));

    public static final Variant TRIPLETS_KING_THROUGH_CHECK = slashed("triplets-king-through-check",
            "Triplets (the king may pass through check)",
            "Triplets, read so that the king may step into check in mid-turn if it is safe at the end.",
            TRIPLETS_RULES + " Reading taken: since the three moves count as one, the king may step into "
                    + "check in the middle of a turn provided it is safe when the turn ends.",
            List.of(), new TurnSchedule.ByTurn(List.of(1, 2), 3, false), CheckPolicy.TURN_END_ONLY,
            new ManClasses(List.of(PAWN, PIECE, KING), false), new NoSuchMoves(false, false, true),
            new WhenStuck(Shortfall.LOSES));

    public static final Variant BRICK = slashed("brick", "Brick Chess",
            "One ordinary move, or a double move of two men of one brick: division, fusion or united.",
            """
            Two orthogonally adjacent squares make a brick (our reading of "adjacent": side by side, \
            not corner to corner). Your turn is one ordinary move, or one of three double moves: a \
            division (two men that stand on one brick each make an ordinary move), a fusion (two men \
            make ordinary moves that end on one brick), or a united move (two men of one brick, \
            neither of them a king, move together by the power of the first: the second goes the \
            same way along its own line, the whole way or dropped off on a square the first passed \
            on a slide). Either man may capture where it lands, the dropped one too. A pawn may be \
            promoted by a division or fusion, not by a united move. Castling is allowed but never as \
            part of a double move; there is no en passant. Your king may be left in check by the \
            first part of a double move, but not at the end of the turn. Write a division or fusion \
            as two moves, Nf3/Nc3; a united move as one, the man whose power is used first: \
            Ra1-a4&Nb1-b4.""",
            List.of("brick-chess"), TWO, CheckPolicy.TURN_END_ONLY, new TurnConstraint.Bricks(),
            new EnPassantTiming(EnPassant.NEVER));

    public static final Variant THREESUM = slashed("threesum", "Threesum Chess",
            "Up to three men a turn, moving at most three squares in all.",
            """
            On your turn move one, two or three different men, provided the squares they move add \
            up to at most three: a knight's move counts two, a castling one, any other move the \
            number of squares it crosses (so a bishop from c1 to f4 uses the whole turn). Your king \
            may never be left in check, and when in check the first move must escape; checks given \
            in mid-turn do not end the turn (our reading). Write a turn as e4/Nf3.""",
            List.of("threesum-chess"), new TurnSchedule.Fixed(3), CheckPolicy.CHECKS_GO_ON,
            new MayStopEarly(), DIFFERENT_MEN, new TurnConstraint.SquareBudget(3));

    public static final Variant QUEST = new Variant("quest", "Quest-Chess",
            "Up to ten moves a turn, each man once; the opponent answers captures and checks at once (Benge).",
            """
            Donald Benge's Quest-Chess. A turn has up to ten moves (White's first turn up to five), and \
            may end after any of them. A man moves once a turn, except: a man that captured and was not \
            taken back may move again, so may the man that gave check (in a discovered check, the man \
            that moved), and any man may move to get the king out of check. Castling is a king move, so \
            the rook may still move; a pawn promoted in the turn may move again as its new piece. The \
            opponent answers inside your turn: after a capture that can be taken back, the opponent may \
            recapture on that square at once or decline; after a double step that can be taken en \
            passant, take it at once or decline; after a check, get out of check at once. The answer \
            does not count as a move of the opponent's turn, and then your turn goes on; if the answer \
            checks you, your next move must get out, and it counts in your turn. A capture, check or \
            double step on the last move of your turn is answered, if at all, by the first move of the \
            opponent's own turn. By mail a turn comes in parts: your mail's moves are played in order; \
            the turn ends with its last move, unless a move calls for an answer, where the turn stops \
            (moves written after that point make the whole mail refused). The opponent replies with one \
            move or decline (written [decline] while a draw offer of the turn player stands, which a plain decline answers), \
            and you are mailed to go on: more moves, or pass to end the turn. Write pass right after a \
            capture, check or double step to end the turn with it (Nxd5, pass). Readings we chose: an \
            answer is asked for only when one is possible (a capture nobody can take back, or a double \
            step no pawn can take, goes on at once, and the capturing man is free to move again); a \
            recapture is any capture on the square; a declined en-passant chance is gone; your king \
            may never be left in check; checkmate ends the game at once, even in mid-turn; a player \
            with no legal move when a turn begins is stalemated. The game is drawn by a threefold \
            repetition at a turn's start, by bare kings, or after 1000 moves without capture or pawn \
            move. Write a turn as its moves joined by commas: e4, d4, Nf3, Bc4. In a record the \
            answers stand in square brackets under the opponent's number: 3. Nxd5 / 3... [exd5] / 3. Nc3, pass.""",
            List.of("quest-chess"), Geometry.STANDARD, new TurnSchedule.OpeningTurn(5, 10), CheckPolicy.CHECKS_GO_ON,
            WinCondition.CHECKMATE, NotationStyle.SAN_COMMAS, List.of(Quest.RULE));

    // ---- 1.5 one more move each time

    public static final Variant PROGRESSIVE_CHESS = progressive("progressive", "Progressive Chess",
            "White one move, Black two, White three...; a check ends the turn.",
            PROGRESSIVE_RULES,
            List.of("scottish", "scottish-progressive", "scotch", "scotch-chess", "progressive-chess"), PROGRESSIVE, MARSEILLAIS,
            EP_FIRST_MOVE);

    public static final Variant ITALIAN_PROGRESSIVE = progressive("italian-progressive", "Italian Progressive Chess",
            "Progressive Chess in which only the last move of a turn may give check.",
            """
            Progressive Chess (1, 2, 3... moves a turn, the same man or different men) as AISE plays \
            it: a check may only be given with the last move of a turn; a turn that would check \
            earlier is refused. A player in check must escape with the first move, and so a player \
            whose only escapes give check with moves still to play is mated (the Italian mate), as \
            is one with no escape at all. Running out of legal moves otherwise is stalemate. En \
            passant only with the first move of a turn. After five turns each (ten turns in a row) \
            without a capture or a pawn move, either player may claim a draw by writing claim; the \
            server grants it at once, as it cannot weigh a claimed demonstration of a win, so a player \
            who holds one should make progress before the tenth quiet turn. Write a turn as d5, Bg4, \
            Bxd1, Kd7.""",
            List.of("italian", "progressive-italian"), PROGRESSIVE, ITALIAN, EP_FIRST_MOVE, new QuietTurnsDraw(5));

    public static final Variant ENGLISH_PROGRESSIVE = progressive("english-progressive", "English Progressive Chess",
            "Progressive Chess in which every man that can move moves once before any moves twice.",
            PROGRESSIVE_RULES + " In the English form no man moves a second time in a turn until every "
                    + "man that can move has moved once, and so on; a castling counts as a move of both "
                    + "king and rook. You may block your own men to satisfy the rule.",
            List.of("english"), PROGRESSIVE, MARSEILLAIS, EP_FIRST_MOVE, new TurnConstraint.EveryManBeforeAgain());

    public static final Variant SCOTTISH_MODERN = progressive("scottish-modern", "Scottish Modern Chess",
            "Progressive Chess in which moving a man to an attacked square ends the turn; no en passant.",
            """
            Progressive Chess (1, 2, 3... moves a turn) in which the turn ends early when you give \
            check or move a man to a square attacked by an enemy man. Crossing attacked squares, or \
            uncovering an attack on one of your men, does not end it. Your king must escape check \
            with the first move and may never be exposed. There is no en-passant capture. Write a \
            turn as d5, Bg4, Bxd1.""",
            List.of(), PROGRESSIVE, MARSEILLAIS, new EnPassantTiming(EnPassant.NEVER),
            new EndsTurnWhen(Ender.MOVE_TO_ATTACKED_SQUARE));

    public static final Variant BANK_OF_SCOTLAND = progressive("bank-of-scotland", "Bank of Scotland (Main Branch)",
            "Progressive Chess in which every check given earns one more move on every later turn.",
            PROGRESSIVE_RULES + " In Bank of Scotland every check you give earns you one extra move in "
                    + "each of your later turns.",
            List.of("bank-of-scotland-main"), new TurnSchedule.BankOfScotland(), MARSEILLAIS, EP_FIRST_MOVE);

    public static final Variant BANK_OF_SCOTLAND_MODERN = progressive("bank-of-scotland-modern", "Bank of Scotland (Modern Branch)",
            "Bank of Scotland in which moving to an attacked square also ends the turn.",
            PROGRESSIVE_RULES + " In Bank of Scotland every check you give earns you one extra move in "
                    + "each of your later turns. In the Modern Branch the turn also ends when you move a man "
                    + "to a square attacked by an enemy man.",
            List.of(), new TurnSchedule.BankOfScotland(), MARSEILLAIS, EP_FIRST_MOVE, new EndsTurnWhen(Ender.MOVE_TO_ATTACKED_SQUARE));

    public static final Variant VERY_SCOTTISH = progressive("very-scottish", "Very Scottish Chess",
            "Progressive Chess in which each turn has one move more than the opponent actually made.",
            PROGRESSIVE_RULES + " In Very Scottish Chess a turn has one move more than your opponent "
                    + "actually made in his last turn, not one more than he was entitled to: stopping "
                    + "short with a check keeps your opponent's next turn short.",
            List.of(), new TurnSchedule.VeryScottish(), MARSEILLAIS, EP_FIRST_MOVE);

    public static final Variant FIBONACCI = progressive("fibonacci", "Fibonacci Chess",
            "Progressive Chess with 1, 1, 2, 3, 5, 8... moves a turn.",
            PROGRESSIVE_RULES + " In Fibonacci Chess the turns have 1, 1, 2, 3, 5, 8, 13... moves "
                    + "(White 1, Black 1, White 2, Black 3, ...).",
            List.of("fibonacci-chess"), new TurnSchedule.Fibonacci(), MARSEILLAIS, EP_FIRST_MOVE);

    public static final Variant SWITCHBACK = progressive("switchback", "Switchback Chess",
            "Italian Progressive in which a check cuts the defender's next turn to one move less than the checker's.",
            """
            Italian Progressive Chess (check only with the last move of a turn; Italian mate) in which \
            each turn normally has one move more than the opponent's turn was entitled to, but a \
            turn that ends in check gives the checked player one move fewer than the checking turn \
            had (at least one); counting goes on up from there. Write a turn as d5, Bg4.""",
            List.of("switchback-chess"), new TurnSchedule.Switchback(), ITALIAN, EP_FIRST_MOVE);

    public static final Variant SLOW_PROGRESSIVE = progressive("slow-progressive", "Slow Progressive Chess",
            "Italian Progressive in which the number of moves grows by one every fourth turn.",
            """
            Italian Progressive Chess (check only with the last move of a turn; Italian mate), but \
            the number of moves grows more slowly: the first four turns (White, Black, White, Black) \
            have one move, the next four two moves, and so on. Write a turn as d5, Bg4.""",
            List.of(), new TurnSchedule.Progressive(4, 0), ITALIAN, EP_FIRST_MOVE);

    public static final Variant CAPTURING_PROGRESSIVE = progressive("capturing-progressive", "Capturing Progressive Chess",
            "Chess until a capture: then the opponent has one move more, and so on while turns capture.",
            """
            The game starts as ordinary chess, one move a turn. A turn in which a capture is made \
            gives the opponent one move more than that turn had (two after a one-move capture, three \
            if one of those two captures, and so on); a turn without a capture brings the game back \
            to one move a turn. A check ends the turn and must be escaped with the first move (our \
            reading, as in Progressive Chess). Write a turn as d5, Bg4.""",
            List.of(), new TurnSchedule.CapturingProgressive(), MARSEILLAIS, EP_FIRST_MOVE);

    public static final Variant LOGICAL_PROGRESSIVE = progressive("logical-progressive", "Logical Progressive Chess",
            "Progressive Chess without the pawn's two-square move and without castling.",
            PROGRESSIVE_RULES.replace(" En passant may be taken only with the first move of a turn, of a pawn that advanced "
                    + "two squares in the opponent's last turn and has not moved since or had the square it passed occupied.", "")
                    + " Logical Progressive has no two-square pawn move (so no en passant) and no castling.",
            List.of(), PROGRESSIVE, MARSEILLAIS, new NoSuchMoves(true, true, false));

    public static final Variant PROGRESSIVE_CYCLICAL = progressive("progressive-cyclical", "Progressive Cyclical Chess",
            "Progressive Chess in which the count starts again at one after a ten-move turn.",
            PROGRESSIVE_RULES + " In the Cyclical form the count goes 1, 2, ... 10 and then starts again "
                    + "at one (Cassano leaves the cycle to agreement; Epistle plays ten).",
            List.of("cyclical-progressive"), new TurnSchedule.Progressive(1, 10), MARSEILLAIS, EP_FIRST_MOVE);

    public static final Variant PROGRESSIVE_PAIRED = progressive("progressive-paired", "Progressive Chess, each side alike",
            "Progressive Chess with one move each, then two each, then three each...",
            PROGRESSIVE_RULES.replace("White plays one move, Black two, White three, and so on: each turn has one move more "
                    + "than the turn before it", "White and Black play one move each, then two each, then three each")
                    + " (This minor form greatly favours White.)",
            List.of(), new TurnSchedule.Progressive(2, 0), MARSEILLAIS, EP_FIRST_MOVE);

    public static final Variant PROGRESSIVE_LATE_ESCAPE = progressive("progressive-late-escape", "Progressive Chess, mate only at the turn's end",
            "Progressive Chess in which a player in check may get out of it at any point of the turn.",
            PROGRESSIVE_RULES.replace("Your own king may never be left in check, and if it is in check when your turn begins "
                    + "the first move must get it out.", "A king in check need not escape at once: it must only be safe "
                    + "when the turn ends, and may stand attacked in between."),
            List.of("silverman-progressive"), PROGRESSIVE, CheckPolicy.ESCAPE_BY_TURN_END, EP_FIRST_MOVE);

    public static final Variant PROGRESSIVE_TWICE_AT_MOST = progressive("progressive-twice-at-most", "Progressive Chess, no man more than twice",
            "Progressive Chess in which no man moves more than twice in a turn.",
            PROGRESSIVE_RULES + " As Pribylinec recommends, no man may move more than twice in one turn.",
            List.of("pribylinec-progressive"), PROGRESSIVE, MARSEILLAIS, EP_FIRST_MOVE, new MovesPerMan(2, false));

    public static final Variant PROGRESSIVE_FORWARDS = progressive("progressive-forwards", "Progressive Forwards Chess",
            "Italian Progressive in which no man moves backwards; stalemating yourself wins.",
            """
            Italian Progressive Chess (1, 2, 3... moves a turn; check only with the last move; \
            Italian mate) in which no man ever moves backwards. A king, queen or rook may move \
            sideways only to capture, or when its next move, straight after in the same turn, goes \
            forwards. Castling is allowed. A player who cannot play a whole turn and is not in \
            check has stalemated himself, and wins. Write a turn as d5, Bg4.""",
            List.of("forwards-progressive"), PROGRESSIVE, ITALIAN, EP_FIRST_MOVE, new TurnConstraint.Forwards(),
            new WhenStuck(Shortfall.WINS));

    // ---- 1.6 every man can move

    public static final Variant BATTLE = slashed("battle-chess", "Battle Chess [Ratushny]",
            "Each turn, move as many of your men as you like, each at most once.",
            """
            On your turn you may move each of your pawns and pieces once, as many of them as you \
            like and in any order (at least one). Checks do not end the turn, so several checks may \
            be given. Your own king may never be left in check, and a king in check must escape \
            with the first move (our reading, as in Marseillais). A castling moves both king and rook. \
            Write a turn as e4/d4/Nf3/Nc3.""",
            List.of("battle", "battle-chess-ratushny"), new TurnSchedule.Fixed(TurnSchedule.UNLIMITED), CheckPolicy.CHECKS_GO_ON,
            new MayStopEarly(), new MovesPerMan(1, true));

    public static final Variant OMNI = slashed("omni-chess", "Omni-Chess [Fireman and Gorga]",
            "Each turn, move any number of your men once each; only the end of the turn counts for check.",
            """
            On your turn you may move any number of your men, each at most once (a castling counts \
            as a move of king and rook). Several checks may be given. Check is judged only at the \
            end of the turn: a king in check need only be safe when the turn ends (the original rule; \
            see omni-chess-escape-first for the later one). Write a turn as e4/d4/Nf3.""",
            List.of("omni"), new TurnSchedule.Fixed(TurnSchedule.UNLIMITED), CheckPolicy.TURN_END_ONLY,
            new MayStopEarly(), new MovesPerMan(1, true));

    public static final Variant OMNI_ESCAPE_FIRST = slashed("omni-chess-escape-first", "Omni-Chess (escape on the first move)",
            "Omni-Chess with the later rule: a king in check must escape with the first move of the turn.",
            """
            Omni-Chess with the rule introduced later: any number of your men move once each, a \
            castling counts as a move of king and rook, several checks may be given, but a king in \
            check must get out with the first move of the turn and may never be exposed. \
            Write a turn as e4/d4/Nf3.""",
            List.of(), new TurnSchedule.Fixed(TurnSchedule.UNLIMITED), CheckPolicy.CHECKS_GO_ON,
            new MayStopEarly(), new MovesPerMan(1, true));

    public static final Variant HURRICANE = slashed("hurricane", "Hurricane Chess",
            "Every man may move once a turn; a check ends the turn.",
            """
            On your turn you may move each of your men once, as many as you like (at least one). A \
            check ends the turn, and a king in check must escape with the first move. A castling \
            is a move of both king and rook. Write a turn as e4/d4/Nf3.""",
            List.of("hurricane-chess"), new TurnSchedule.Fixed(TurnSchedule.UNLIMITED), MARSEILLAIS,
            new MayStopEarly(), new MovesPerMan(1, true));

    public static final Variant SWARM = new Variant("swarm", "Swarm Chess",
            "Every man that can move must move, once each, in any order; kings may be captured.",
            """
            On your turn every man of yours that can move must move, each once, in any order; a man \
            that has no move (perhaps because of the moves before it) is simply passed over. A \
            castling is a king move. Checks do not end the turn, and the opposing king may be \
            captured as well as checkmated: taking it wins at once. Your own king may never be left \
            in check, and if it is in check when your turn begins the first move must get it out. \
            Write a turn as all its moves joined by slashes: e4/d4/Nf3/Nc3/....""",
            List.of("swarm-chess"), Geometry.STANDARD, new TurnSchedule.Fixed(TurnSchedule.UNLIMITED), CheckPolicy.CHECKS_GO_ON,
            WinCondition.KING_CAPTURE, NotationStyle.SAN_SLASHED, List.of(new MovesPerMan(1, false), MOVES_LOST));

    // ---- 1.7 other kinds of multiple movement

    public static final Variant SPUTNIK = slashed("sputnik", "Sputnik Chess",
            "A rook, bishop or knight in the opponent's half may move before the turn's normal move.",
            """
            A rook, bishop or knight standing in the opponent's half of the board is a sputnik. On \
            your turn you may first move any, all or none of your sputniks, each once and in its usual \
            way, and then you must make one normal move with any man. The turn ends with the first \
            move that is not a sputnik's first move of the turn (that is the normal move), or when \
            you stop after a sputnik move, which then counts as the normal move. King, queen and \
            pawns are never sputniks. Our reading of the open points: a check ends the turn, and a \
            check must be answered with the first move. Write a turn as Bxf7/Nf3.""",
            List.of("sputnik-chess"), new TurnSchedule.Fixed(TurnSchedule.UNLIMITED), MARSEILLAIS, new TurnConstraint.Sputniks());

    public static final Variant KAZAN = slashed("kazan", "Kazan Chess",
            "When a man moves, a friendly man that can move onto the square it left must do so, and so on.",
            """
            Your turn starts with an ordinary move. Then a man of yours that can move onto the square \
            just vacated must do so, then one onto the square that man left, and so on, until none \
            can. When several men can, the first in the order pawn, knight, bishop, rook, queen, king \
            goes (you choose between men of the same kind). No man moves twice in a turn, and castling \
            takes no part in the chain. Our readings: your king may never be left in check, a check \
            must be answered with the first move, and checks given in the chain do not stop it. \
            Write a turn as all its moves in order: e4/Ne2/Rg1 (the knight fills e2, the rook g1).""",
            List.of("kazan-chess"), new TurnSchedule.Fixed(TurnSchedule.UNLIMITED), CheckPolicy.CHECKS_GO_ON,
            new TurnConstraint.VacatedSquareChain(), new MovesPerMan(1, true), MOVES_LOST);

    public static final List<Variant> ALL = List.of(MARSEILLAIS_OLD_RULES, BILATERAL, CENTRAL, BLACK_AND_WHITE,
            KINGS_MEN_QUEENS_MEN, PIECE_AND_PAWN, MAXIMUMMER, EQUIVALENT, EQUIDISTANT, BALANCED_EQUIDISTANT, DIFFERENT_MEN_MARSEILLAIS,
            DOUBLE_MOVE, CITIZEN, DOUBLET, POWER_PAWN, ALTERNATING, KING_AND_PAWNS, KING_AND_PAWNS_LATE_ESCAPE, VERNEY, KING_AND_PAWNS_TWO_SQUARE_CHECK, MONSTER, IMPERATORE, ONE_TWO, DOUBLE_TROUBLE,
            BRICK, TRIPLETS, TRIPLETS_KING_THROUGH_CHECK, THREESUM, QUEST, PROGRESSIVE_CHESS, ITALIAN_PROGRESSIVE, ENGLISH_PROGRESSIVE,
            SCOTTISH_MODERN, BANK_OF_SCOTLAND, BANK_OF_SCOTLAND_MODERN, VERY_SCOTTISH, FIBONACCI, SWITCHBACK,
            SLOW_PROGRESSIVE, CAPTURING_PROGRESSIVE, LOGICAL_PROGRESSIVE, PROGRESSIVE_CYCLICAL, PROGRESSIVE_PAIRED,
            PROGRESSIVE_LATE_ESCAPE, PROGRESSIVE_TWICE_AT_MOST, PROGRESSIVE_FORWARDS, BATTLE, OMNI, OMNI_ESCAPE_FIRST, HURRICANE, SWARM, SPUTNIK, KAZAN);
}
