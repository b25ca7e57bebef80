package org.epistle.web.xfcc;

import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import javax.xml.datatype.XMLGregorianCalendar;

/** One game in a {@code GetMyGames} answer, its elements in the order the WSDL gives them. */
@XmlType(name = "XfccGame", propOrder = {"id", "white", "black", "event", "site", "myTurn", "hasWhite", "daysPlayer",
        "hoursPlayer", "minutesPlayer", "daysOpponent", "hoursOpponent", "minutesOpponent", "moves", "drawOffered", "result",
        "message", "serverInfo", "eventDate", "setup", "fen", "variant", "timeControl", "gameLink", "date", "whiteElo",
        "blackElo"})
final class XfccGame {
    int id;
    String white;
    String black;
    String event;
    String site;
    boolean myTurn;
    boolean hasWhite;
    int daysPlayer;
    int hoursPlayer;
    int minutesPlayer;
    int daysOpponent;
    int hoursOpponent;
    int minutesOpponent;
    String moves;
    boolean drawOffered;
    GameResult result;
    String message;
    String serverInfo;
    @XmlSchemaType(name = "date")
    XMLGregorianCalendar eventDate;
    Boolean setup;
    String fen;
    String variant;
    String timeControl;
    String gameLink;
    /** The day the game started. */
    @XmlSchemaType(name = "date")
    XMLGregorianCalendar date;
    /** The players' Glicko-2 ratings in the game's family of variants; null (left out) where a player has none. */
    Integer whiteElo;
    Integer blackElo;
}
