package org.epistle.web.xfcc;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlElementWrapper;
import jakarta.xml.bind.annotation.XmlRootElement;
import java.util.List;

/** A player's games, as {@code GetMyGamesResult}, an array of {@code XfccGame}. */
@XmlRootElement(name = "GetMyGamesResponse")
final class GetMyGamesResponse {
    @XmlElementWrapper(name = "GetMyGamesResult", required = true)
    @XmlElement(name = "XfccGame")
    List<XfccGame> games;

    GetMyGamesResponse() {
    }

    GetMyGamesResponse(List<XfccGame> games) {
        this.games = List.copyOf(games);
    }
}
