package org.epistle.web.xfcc;

import jakarta.xml.bind.annotation.XmlEnum;
import jakarta.xml.bind.annotation.XmlEnumValue;
import jakarta.xml.bind.annotation.XmlType;

/** What became of a {@code MakeAMove}, in XfccBasic's words ({@code MakeAMoveResult}). */
@XmlType(name = "MakeAMoveResult")
@XmlEnum
enum MoveResult {
    @XmlEnumValue("Success") SUCCESS,
    @XmlEnumValue("ServerError") SERVER_ERROR,
    @XmlEnumValue("AuthenticationFailed") AUTHENTICATION_FAILED,
    @XmlEnumValue("InvalidGameID") INVALID_GAME_ID,
    @XmlEnumValue("NotYourGame") NOT_YOUR_GAME,
    @XmlEnumValue("NotYourTurn") NOT_YOUR_TURN,
    @XmlEnumValue("InvalidMoveNumber") INVALID_MOVE_NUMBER,
    @XmlEnumValue("InvalidMove") INVALID_MOVE,
    @XmlEnumValue("NoDrawWasOffered") NO_DRAW_WAS_OFFERED,
    @XmlEnumValue("LostOnTime") LOST_ON_TIME,
    @XmlEnumValue("YouAreOnLeave") YOU_ARE_ON_LEAVE,
    @XmlEnumValue("MoveIsAmbiguous") MOVE_IS_AMBIGUOUS
}
