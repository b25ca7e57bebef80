package org.epistle.web.xfcc;

import jakarta.xml.bind.annotation.XmlRootElement;
import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import javax.xml.datatype.XMLGregorianCalendar;

/**
 * A turn, a resignation or a draw offer, claim or acceptance ({@code MakeAMove}); {@code MakeAMove2} is the same with
 * the time the player made the move ({@code moveTime}), which the server notes but does not believe: the clock counts
 * from when the move arrives.
 */
@XmlRootElement(name = "MakeAMove")
@XmlType(propOrder = {"username", "password", "gameId", "resign", "acceptDraw", "movecount", "myMove", "offerDraw",
        "claimDraw", "myMessage", "moveTime"})
class MakeAMove {
    String username;
    String password;
    int gameId;
    boolean resign;
    boolean acceptDraw;
    int movecount;
    String myMove;
    boolean offerDraw;
    boolean claimDraw;
    String myMessage;
    @XmlSchemaType(name = "dateTime")
    XMLGregorianCalendar moveTime;

    /** {@code MakeAMove2}: the same fields and {@code moveTime}. */
    @XmlRootElement(name = "MakeAMove2")
    @XmlType(name = "MakeAMove2")
    static final class Timed extends MakeAMove {
    }
}
