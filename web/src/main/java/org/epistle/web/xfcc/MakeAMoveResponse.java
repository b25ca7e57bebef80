package org.epistle.web.xfcc;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlRootElement;
import jakarta.xml.bind.annotation.XmlType;

/** The answer to {@code MakeAMove}. */
@XmlRootElement(name = "MakeAMoveResponse")
final class MakeAMoveResponse {
    @XmlElement(name = "MakeAMoveResult", required = true)
    MoveResult result;

    MakeAMoveResponse() {
    }

    MakeAMoveResponse(MoveResult result) {
        this.result = result;
    }

    /** The answer to {@code MakeAMove2}. */
    @XmlRootElement(name = "MakeAMove2Response")
    @XmlType(name = "MakeAMove2Response")
    static final class Timed {
        @XmlElement(name = "MakeAMove2Result", required = true)
        MoveResult result;

        Timed() {
        }

        Timed(MoveResult result) {
            this.result = result;
        }
    }
}
