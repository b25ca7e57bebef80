package org.epistle.web.xfcc;

import jakarta.xml.bind.annotation.XmlEnum;
import jakarta.xml.bind.annotation.XmlEnumValue;
import jakarta.xml.bind.annotation.XmlType;

/** How a game stands, in XfccBasic's words ({@code Result}). */
@XmlType(name = "Result")
@XmlEnum
enum GameResult {
    @XmlEnumValue("Ongoing") ONGOING,
    @XmlEnumValue("WhiteWins") WHITE_WINS,
    @XmlEnumValue("BlackWins") BLACK_WINS,
    @XmlEnumValue("Draw") DRAW,
    @XmlEnumValue("WhiteWinAdjudicated") WHITE_WIN_ADJUDICATED,
    @XmlEnumValue("BlackWinAdjudicated") BLACK_WIN_ADJUDICATED,
    @XmlEnumValue("DrawAdjudicated") DRAW_ADJUDICATED,
    @XmlEnumValue("WhiteDefaulted") WHITE_DEFAULTED,
    @XmlEnumValue("BlackDefaulted") BLACK_DEFAULTED,
    @XmlEnumValue("BothDefaulted") BOTH_DEFAULTED,
    @XmlEnumValue("Cancelled") CANCELLED,
    @XmlEnumValue("AdjudicationPending") ADJUDICATION_PENDING
}
