<#-- Plain-text part of the mail to both players when a game has ended (HTML part: game-over.ftlh).
     Required: gameId, variantName, result ("1-0", "0-1", "1/2-1/2"), diagram.
     Optional: termination, ending (the end in one sentence; made from result and the names when absent), playedTurn
     (the final turn, when a turn ended the game), history, whiteName, blackName, whiteArmy, blackArmy,
     recipientName, gameUrl; ranks, moved (the picture). All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<#if ending?has_content>
<#assign verdict = ending>
<#elseif result == "1-0">
<#assign verdict = m.sideAndPlayer("white") + " wins.">
<#elseif result == "0-1">
<#assign verdict = m.sideAndPlayer("black") + " wins.">
<#else>
<#assign verdict = "The game is drawn.">
</#if>
<#assign lastTurn = (playedTurn.notation)!"">
<@m.header/>
<@m.greeting/>

The game is over. ${verdict}
Result: ${result}<#if termination?has_content> (${termination})</#if>
<#if lastTurn?has_content>

The last turn, played by ${m.sideAndPlayer(playedTurn.side, playedTurn.by!"")}:

    ${lastTurn}
</#if>

The final position:

<@m.indented diagram/>
<#if history?has_content>

The game record:

<@m.indented history/>
</#if>
<#if gameUrl?has_content>

The game on the web: ${gameUrl}
</#if>

Thank you for playing.
<@m.footer/>
