<#-- Plain-text part of the mail to both players after a turn was accepted (HTML part: turn-accepted.ftlh).
     Required: gameId, variantName, playedTurn {number, side, notation; optional by}, diagram, sideToMove,
     turnNumber.
     Optional: whiteName, blackName, whiteArmy, blackArmy, recipientName, recipientSide, toMoveName,
     yourTurn, check, ending, deadline, notices, instructions, replyAddress, gameUrl; ranks, moved (the picture).
     All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<@m.header/>
<@m.greeting/>

<#-- an answer inside the opponent's turn (Quest-Chess) is written in square brackets -->
${m.sideAndPlayer(playedTurn.side, playedTurn.by!"")} <#if playedTurn.notation?starts_with("[")>answered inside turn<#else>played turn</#if> ${playedTurn.number}:

    ${playedTurn.notation}
<#list notices![] as notice>

${notice}
</#list>

The position now:

<@m.indented diagram/>

<@m.toMove/>

<@m.reply/>
<@m.footer/>
