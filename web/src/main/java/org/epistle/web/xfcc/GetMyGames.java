package org.epistle.web.xfcc;

import jakarta.xml.bind.annotation.XmlRootElement;

/** The request for a player's games. */
@XmlRootElement(name = "GetMyGames")
final class GetMyGames {
    String username;
    String password;
}
