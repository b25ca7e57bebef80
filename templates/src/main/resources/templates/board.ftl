<#-- Plain-text part of the answer to "board": the current position (HTML part: board.ftlh).
     Required: gameId, variantName, diagram, sideToMove ("" once the game is over), turnNumber.
     Optional: playedTurn (the last turn), ending, whiteName, blackName, whiteArmy, blackArmy, recipientName,
     recipientSide, toMoveName, yourTurn, check, deadline, instructions, replyAddress, gameUrl;
     ranks, moved (the picture). All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<#assign lastTurn = (playedTurn.notation)!"">
<@m.header/>
<@m.greeting/>

<#if lastTurn?has_content>
The last turn, played by ${m.sideAndPlayer(playedTurn.side, playedTurn.by!"")}:

    ${lastTurn}

</#if>
The position now:

<@m.indented diagram/>

<@m.toMove/>

<@m.reply/>
<@m.footer/>
